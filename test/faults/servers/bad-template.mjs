// Lists one resource template that does not parse (an unclosed "{") beside a level-4 one, and reads
// any URI back as text.
import { serve } from './lib/mini-server.mjs';
serve({
  initialize: (params) => ({ protocolVersion: params?.protocolVersion ?? '2025-06-18', capabilities: { tools: {}, resources: {} }, serverInfo: { name: 'bad-template', version: '1.0.0' } }),
  'resources/list': () => ({ resources: [] }),
  'resources/templates/list': () => ({
    resourceTemplates: [
      { uriTemplate: 'repo://{owner/{repo}', name: 'broken' },
      { uriTemplate: 'repo://{owner}/{repo}/contents{/path*}', name: 'contents' },
    ],
  }),
  'resources/read': (params) => ({ contents: [{ uri: params.uri, text: `read ${params.uri}` }] }),
}, { name: 'bad-template' });
