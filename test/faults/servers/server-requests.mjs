// During tools/call "ask", sends the client requests it did not offer (sampling, elicitation, roots
// without roots, an unknown method) and answers the call with what came back, as JSON text.
import { createInterface } from 'node:readline';
import { reply, send, echoTool } from './lib/mini-server.mjs';
const asks = { s1: 'sampling/createMessage', s2: 'elicitation/create', s3: 'roots/list', s4: 'vendor/unknownThing' };
const answers = {};
let pendingCall;
const rl = createInterface({ input: process.stdin, crlfDelay: Infinity });
rl.on('line', (line) => {
  if (line.trim() === '') return;
  const m = JSON.parse(line);
  if (m.method === undefined && typeof m.id === 'string' && m.id in asks) {
    answers[asks[m.id]] = m.error ?? m.result;
    if (Object.keys(answers).length === Object.keys(asks).length && pendingCall !== undefined) {
      reply(pendingCall, { content: [{ type: 'text', text: JSON.stringify(answers) }] });
    }
    return;
  }
  if (m.method === 'initialize') return reply(m.id, { protocolVersion: m.params?.protocolVersion ?? '2025-06-18', capabilities: { tools: {} }, serverInfo: { name: 'asker', version: '1' } });
  if (m.method === 'tools/list') return reply(m.id, { tools: [echoTool] });
  if (m.method === 'ping') return reply(m.id, {});
  if (m.method === 'tools/call') {
    pendingCall = m.id;
    for (const [id, method] of Object.entries(asks)) send({ jsonrpc: '2.0', id, method, params: method === 'sampling/createMessage' ? { messages: [], maxTokens: 1 } : {} });
  }
});
rl.on('close', () => process.exit(0));
