// The HTTP gateway with no backend, for `bench/serve.ts --inproc`: `serveHttp` in front of a registry
// whose one tool, `echo`, is answered in this process. Against the floor (`http-floor.ts`) its CPU per
// call is what the gateway's HTTP layer, connection and registry add to node:http; against the real
// gateway, what the stdio round trip to a backend costs. `--root DIR` loads the gateway from another
// build's `dist` (the bench's `--base`). Prints `LISTENING <port>`; exits when stdin ends.
import { resolve } from 'node:path';
import { pathToFileURL, fileURLToPath } from 'node:url';

type Modules = [
  typeof import('../../src/adapters/registry.js'),
  typeof import('../../src/manager/manager.js'),
  typeof import('../../src/serve/gateway.js'),
  typeof import('../../src/serve/http.js'),
];

const at = process.argv.indexOf('--root');
const root = at >= 0 ? resolve(process.argv[at + 1]!) : resolve(fileURLToPath(new URL('.', import.meta.url)), '..', '..');
const load = (path: string) => import(pathToFileURL(resolve(root, 'src', path)).href);
const [{ Registry }, { Manager }, { Gateway }, { serveHttp }] = (await Promise.all([
  load('adapters/registry.js'),
  load('manager/manager.js'),
  load('serve/gateway.js'),
  load('serve/http.js'),
])) as Modules;

const registry = new Registry();
registry.register({
  name: 'echo',
  description: 'Returns its text argument as one text content block.',
  inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
  handler: (args) => ({ content: [{ type: 'text', text: typeof args.text === 'string' ? args.text : '' }] }),
});
const manager = new Manager([], { registry });
const gateway = new Gateway({ manager, registry });
const server = await serveHttp({ gateway: () => gateway, listen: { host: '127.0.0.1', port: 0 } });
process.stdout.write(`LISTENING ${server.port}\n`);
process.stdin.on('end', () => process.exit(0));
process.stdin.resume();
process.on('SIGTERM', () => process.exit(0));
