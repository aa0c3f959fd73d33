// A TS SDK v2 server (`@modelcontextprotocol/server` 2.x, stdio) with an MCP App (SEP-1865): the
// tool `weather` links its UI `ui://weather/dashboard` (text/html;profile=mcp-app, with CSP domains
// and a permission), `refresh` is app-only (visibility ["app"]) and `plain` has no UI; `ui://weather/notes`
// is a ui:// resource that is not an app. One CSP domain is malformed on purpose.
import { McpServer } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import * as z from 'zod/v4';

const URI = 'ui://weather/dashboard';
const HTML = '<!DOCTYPE html><html><body><h1>Weather</h1></body></html>';
const META = {
  ui: {
    csp: { connectDomains: ['https://api.weather.example'], resourceDomains: ['https://cdn.example.com', 'https://evil.example; script-src *'] },
    permissions: { geolocation: {} },
    prefersBorder: true,
  },
};
serveStdio(() => {
  const s = new McpServer({ name: 'v2-apps', version: '2.4.0' }, { capabilities: { tools: {}, resources: {} } });
  const text = (t) => ({ content: [{ type: 'text', text: t }] });
  s.registerTool('weather', { description: 'Weather, with a dashboard', inputSchema: z.object({}), _meta: { ui: { resourceUri: URI } } }, async () => text('sunny'));
  s.registerTool('refresh', { description: 'Refreshes the dashboard', inputSchema: z.object({}), _meta: { ui: { resourceUri: URI, visibility: ['app'] } } }, async () =>
    text('refreshed'),
  );
  s.registerTool('plain', { description: 'No UI', inputSchema: z.object({}) }, async () => text('plain'));
  s.registerResource('dashboard', URI, { mimeType: 'text/html;profile=mcp-app' }, async (uri) => ({
    contents: [{ uri: uri.href, mimeType: 'text/html;profile=mcp-app', text: HTML, _meta: META }],
  }));
  s.registerResource('notes', 'ui://weather/notes', { mimeType: 'text/plain' }, async (uri) => ({ contents: [{ uri: uri.href, mimeType: 'text/plain', text: 'not an app' }] }));
  return s;
}, { legacy: 'serve' });
