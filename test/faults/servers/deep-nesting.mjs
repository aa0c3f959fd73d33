// Sends JSON nested far deeper than any real message: a log notification ("deep_log"), a result
// ("deep_result", depth from the arguments), a request of its own ("deep_request") and, with
// DEEP_SCHEMA_DEPTH set, a tool whose input schema nests that deep. JSON.stringify cannot produce
// such text (it would overflow the stack here too), so the lines are written by hand. "echo" works.
import { echoTool, NO_REPLY, serve } from './lib/mini-server.mjs';

const schemaDepth = Number(process.env.DEEP_SCHEMA_DEPTH ?? 0);

/** `{"a":{"a":…{}…}}` with `depth` objects. */
function nested(depth) {
  return '{"a":'.repeat(depth - 1) + '{}' + '}'.repeat(depth - 1);
}

/** An object schema whose property `a` is such a schema again, `depth` schemas in all. */
function nestedSchema(depth) {
  return '{"type":"object","properties":{"a":'.repeat(depth - 1) + '{"type":"string"}' + '}}'.repeat(depth - 1);
}

function line(text) {
  process.stdout.write(text + '\n');
}

serve(
  {
    'tools/list': (_params, message) => {
      if (schemaDepth === 0) return { tools: [echoTool, { name: 'deep_log', inputSchema: { type: 'object' } }, { name: 'deep_result', inputSchema: { type: 'object' } }, { name: 'deep_request', inputSchema: { type: 'object' } }] };
      line(`{"jsonrpc":"2.0","id":${JSON.stringify(message.id)},"result":{"tools":[{"name":"deep_schema","inputSchema":${nestedSchema(schemaDepth)}}]}}`);
      return NO_REPLY;
    },
    'tools/call': (params, message) => {
      const depth = Number(params?.arguments?.depth ?? 100_000);
      if (params?.name === 'deep_log') {
        line(`{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"error","logger":"deep","data":${nested(depth)}}}`);
        return { content: [{ type: 'text', text: 'logged' }] };
      }
      if (params?.name === 'deep_request') {
        // A request of the server's own whose id happens to equal the pending call's, then the answer.
        line(`{"jsonrpc":"2.0","id":${JSON.stringify(message.id)},"method":"sampling/createMessage","params":{"messages":[],"x":${nested(depth)}}}`);
        return { content: [{ type: 'text', text: 'answered' }] };
      }
      if (params?.name === 'deep_result') {
        line(`{"jsonrpc":"2.0","id":${JSON.stringify(message.id)},"result":{"content":[{"type":"text","text":"deep"}],"structuredContent":${nested(depth)}}}`);
        return NO_REPLY;
      }
      return { content: [{ type: 'text', text: String(params?.arguments?.text ?? '') }] };
    },
  },
  { name: 'deep-nesting' },
);
