// A modern-only stdio server (2026-07-28) with the Tasks extension (SEP-2663), written from the
// SEP's shapes: no published server implements the extension yet. It runs every tool call as a
// task when the request declares the extension (and answers at once otherwise):
//   slow     working "step 1" → "step 2" → completed
//   confirm  input_required (an elicitation, key "c") until tasks/update answers it → completed
//   broken   failed with a JSON-RPC error
//   forever  working until tasks/cancel
// `stats` (never a task) reports what the server saw: the tasks/* calls, the times of each
// tasks/get, the inputResponses received, and how many calls declared the extension.
import { createInterface } from 'node:readline';

const EXT = 'io.modelcontextprotocol/tasks';
const POLL_MS = Number(process.argv[2] ?? 60);
const send = (m) => process.stdout.write(JSON.stringify({ jsonrpc: '2.0', ...m }) + '\n');
const complete = (id, result) => send({ id, result: { resultType: 'complete', ...result } });
const obj = { type: 'object', properties: {} };
const TOOLS = ['slow', 'confirm', 'broken', 'forever', 'stats'].map((name) => ({ name, description: name, inputSchema: obj }));
const tasks = new Map();
const stats = { get: [], update: [], cancel: [], inputResponses: [], declared: 0, plain: 0 };
let next = 0;

function view(t) {
  const now = new Date().toISOString();
  const base = { taskId: t.id, status: t.status, createdAt: t.createdAt, lastUpdatedAt: now, ttlMs: 60_000, pollIntervalMs: POLL_MS };
  if (t.message) base.statusMessage = t.message;
  if (t.status === 'completed') base.result = { content: [{ type: 'text', text: t.text }] };
  if (t.status === 'failed') base.error = { code: -32603, message: 'disk full' };
  if (t.status === 'input_required')
    base.inputRequests = { c: { method: 'elicitation/create', params: { mode: 'form', message: 'OK?', requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } } } } } };
  return base;
}

function advance(t) {
  t.polls += 1;
  if (t.tool === 'slow') {
    if (t.polls === 1) t.message = 'step 2';
    else if (t.polls >= 2) Object.assign(t, { status: 'completed', message: 'done', text: 'slow work done' });
  }
  if (t.tool === 'broken' && t.polls >= 1) t.status = 'failed';
  if (t.tool === 'confirm' && t.answer !== undefined) Object.assign(t, { status: 'completed', text: `confirmed ${JSON.stringify(t.answer)}` });
}

createInterface({ input: process.stdin }).on('line', (line) => {
  const m = JSON.parse(line);
  if (m.id === undefined) return;
  const p = m.params ?? {};
  if (m.method === 'server/discover')
    return complete(m.id, { supportedVersions: ['2026-07-28'], capabilities: { tools: {}, extensions: { [EXT]: {} } }, ttlMs: 0, cacheScope: 'private' });
  if (m.method === 'initialize') return send({ id: m.id, error: { code: -32022, message: 'Unsupported protocol version', data: { supported: ['2026-07-28'], requested: p.protocolVersion } } });
  if (m.method === 'tools/list') return complete(m.id, { tools: TOOLS, ttlMs: 0, cacheScope: 'private' });
  if (m.method === 'tools/call') {
    if (p.name === 'stats') return complete(m.id, { content: [{ type: 'text', text: JSON.stringify(stats) }] });
    const declared = p._meta?.['io.modelcontextprotocol/clientCapabilities']?.extensions?.[EXT] !== undefined;
    if (!declared) {
      stats.plain += 1;
      return complete(m.id, { content: [{ type: 'text', text: `${p.name} answered at once` }] });
    }
    stats.declared += 1;
    const t = { id: `task-${++next}`, tool: p.name, status: p.name === 'confirm' ? 'input_required' : 'working', message: 'step 1', polls: 0, createdAt: new Date().toISOString() };
    tasks.set(t.id, t);
    const { inputRequests: _i, ...seed } = view(t);
    return send({ id: m.id, result: { resultType: 'task', ...seed, status: 'working' } });
  }
  const t = tasks.get(p.taskId);
  if (['tasks/get', 'tasks/update', 'tasks/cancel'].includes(m.method) && !t) return send({ id: m.id, error: { code: -32602, message: `unknown task ${p.taskId}` } });
  if (m.method === 'tasks/get') {
    stats.get.push(Date.now());
    const shown = view(t);
    advance(t);
    return complete(m.id, shown);
  }
  if (m.method === 'tasks/update') {
    stats.update.push(p.taskId);
    stats.inputResponses.push(p.inputResponses);
    if (p.inputResponses?.c) t.answer = p.inputResponses.c.content ?? p.inputResponses.c;
    return complete(m.id, {});
  }
  if (m.method === 'tasks/cancel') {
    stats.cancel.push(p.taskId);
    Object.assign(t, { status: 'cancelled', message: 'cancelled by the client' });
    return complete(m.id, {});
  }
  send({ id: m.id, error: { code: -32601, message: 'Method not found' } });
});
