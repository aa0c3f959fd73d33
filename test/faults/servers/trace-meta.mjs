// A real server on the official SDK (`@modelcontextprotocol/sdk` 1.x McpServer) that shows what
// trace context reached it: the tool `meta` answers with the request's `params._meta` as the SDK
// handed it to the tool (`extra._meta`), the prompt `meta` likewise. `node trace-meta.mjs stdio`
// serves stdio; `node trace-meta.mjs http` serves stateful Streamable HTTP on 127.0.0.1 (port 0)
// and prints `listening <port>`.
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';

const build = () => {
  const server = new McpServer({ name: 'trace-meta', version: '1.0.0' }, { capabilities: { tools: {}, prompts: {} } });
  server.registerTool('meta', { description: 'Answers with the _meta of its request' }, async (extra) => ({
    content: [{ type: 'text', text: JSON.stringify(extra._meta ?? null) }],
  }));
  server.registerTool('broken', { description: 'Always fails as a tool (isError)' }, async () => ({
    content: [{ type: 'text', text: 'it broke' }],
    isError: true,
  }));
  server.registerPrompt('meta', { description: 'A prompt whose text is the _meta of its request' }, async (extra) => ({
    messages: [{ role: 'user', content: { type: 'text', text: JSON.stringify(extra._meta ?? null) } }],
  }));
  return server;
};

if (process.argv[2] === 'http') {
  const sessions = new Map();
  const http = createServer(async (req, res) => {
    const chunks = [];
    for await (const c of req) chunks.push(c);
    const body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : undefined;
    const sid = req.headers['mcp-session-id'];
    let transport = typeof sid === 'string' ? sessions.get(sid) : undefined;
    if (!transport) {
      transport = new StreamableHTTPServerTransport({ sessionIdGenerator: () => randomUUID(), onsessioninitialized: (id) => sessions.set(id, transport) });
      await build().connect(transport);
    }
    await transport.handleRequest(req, res, body);
  });
  http.listen(0, '127.0.0.1', () => process.stdout.write(`listening ${http.address().port}\n`));
} else {
  await build().connect(new StdioServerTransport());
}
