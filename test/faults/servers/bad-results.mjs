// tools/call results of the wrong shape: "nocontent" → {}, "structured" → structuredContent only,
// "stringcontent" → content as a string; "echo" works.
import { serve } from './lib/mini-server.mjs';
serve({
  'tools/call': (params) => {
    switch (params?.name) {
      case 'nocontent': return {};
      case 'structured': return { structuredContent: { temperature: 21 } };
      case 'stringcontent': return { content: 'just a string' };
      default: return { content: [{ type: 'text', text: String(params?.arguments?.text ?? '') }] };
    }
  },
}, { name: 'bad-results' });
