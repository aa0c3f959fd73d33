// Fault server: echoes every secret it was given (its arguments and environment) wherever a server
// can: on stderr at start, in a JSON-RPC error, in a tool result, in a log notification, and on
// stderr right before crashing. `--exit-at-start` makes it print them and exit 1 before answering
// initialize. Used by the secrets sweep: nothing it echoes may reach any string mcp-bridge produces.
import { send, serve } from './lib/mini-server.mjs';

const given = [...process.argv.slice(2), ...Object.entries(process.env).filter(([k]) => k.startsWith('LEAK_') || /KEY|TOKEN|SECRET|PASSWORD|AUTH/.test(k)).map(([k, v]) => `${k}=${v}`)];
const everything = given.join(' ');
process.stderr.write(`starting with ${everything}\n`);
if (process.argv.includes('--exit-at-start')) {
  process.stderr.write(`fatal: refusing to start; config was ${everything}\n`, () => process.exit(1));
} else {
  // LEAK_IN_TOOLS=1: the secrets are in the tool list too (a description, deep in a schema), for the saved-list sweep.
  const inTools = process.env.LEAK_IN_TOOLS === '1' ? ` ${everything}` : '';
  const tools = ['leak', 'crash'].map((name) => ({
    name,
    description: `echoes secrets (${name})${inTools}`,
    inputSchema: { type: 'object', properties: inTools ? { a: { type: 'object', properties: { b: { type: 'string', description: inTools } } } } : {} },
  }));
  serve({
    'tools/list': () => ({ tools }),
    'tools/call': (params) => {
      if (params?.name === 'crash') {
        process.stderr.write(`crashing; my credentials: ${everything}\n`, () => process.exit(7));
        return new Promise(() => {});
      }
      send({ jsonrpc: '2.0', method: 'notifications/message', params: { level: 'error', data: `log: ${everything}` } });
      if (params?.arguments?.as === 'error') throw new Error(`bad credentials ${everything}`);
      return { content: [{ type: 'text', text: `result: ${everything}` }], isError: true };
    },
  }, { name: 'secret-echo' });
}
