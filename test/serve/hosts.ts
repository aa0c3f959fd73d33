// The two kinds of host the gateway must serve, behind one small interface so the matrix states each
// scenario once: the MCP SDK 1.x client (initialize era, 2025-11-25) and the v2 client pinned to
// 2026-07-28 (no initialize, the `_meta` envelope on every request), over stdio or Streamable HTTP;
// the SDK 1.x client also over the HTTP+SSE transport of 2024-11-05 (`sse: true`).
import { Client as V1Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport as V1Sse } from '@modelcontextprotocol/sdk/client/sse.js';
import { StdioClientTransport as V1Stdio } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport as V1Http } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Client as V2Client, StreamableHTTPClientTransport as V2Http } from '@modelcontextprotocol/client';
import { StdioClientTransport as V2Stdio } from '@modelcontextprotocol/client/stdio';
import { gatewayEnv } from './fixture.js';

export type HostKind = 'sdk1' | 'v2';

export interface CallOptions {
  onprogress?: (p: { progress: number; total?: number }) => void;
  signal?: AbortSignal;
}

/** What every scenario needs from a host. */
export interface Host {
  kind: HostKind;
  /** The negotiated protocol version. */
  version(): string | undefined;
  serverName(): string | undefined;
  tools(): Promise<string[]>;
  call(name: string, args: Record<string, unknown>, options?: CallOptions): Promise<string>;
  resources(): Promise<string[]>;
  read(uri: string): Promise<string>;
  prompts(): Promise<string[]>;
  prompt(name: string, args: Record<string, string>): Promise<string>;
  close(): Promise<void>;
}

/** Where the gateway is: a command line (stdio) or a URL (HTTP). */
export type Target = { command: string; args: string[] } | { url: string; headers?: Record<string, string>; sse?: boolean };

type AnyClient = V1Client | V2Client;

export async function openHost(kind: HostKind, target: Target): Promise<Host> {
  let client: AnyClient;
  if (kind === 'sdk1') {
    client = new V1Client({ name: 'sdk1-host', version: '1.0.0' });
    const transport =
      'url' in target
        ? target.sse
          ? new V1Sse(new URL(target.url), { requestInit: { headers: target.headers ?? {} } })
          : new V1Http(new URL(target.url), { requestInit: { headers: target.headers ?? {} } })
        : new V1Stdio({ command: target.command, args: target.args, stderr: 'inherit', env: gatewayEnv() });
    await client.connect(transport);
  } else {
    client = new V2Client({ name: 'v2-host', version: '2.0.0' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
    const transport =
      'url' in target
        ? new V2Http(new URL(target.url), { requestInit: { headers: target.headers ?? {} } })
        : new V2Stdio({ command: target.command, args: target.args, stderr: 'inherit', env: gatewayEnv() });
    await client.connect(transport);
  }
  const c = client as any;
  const text = (result: any) => (result.content as { text?: string }[]).map((b) => b.text ?? '').join('');
  return {
    kind,
    version: () => (kind === 'v2' ? c.getNegotiatedProtocolVersion() : (c.transport?.protocolVersion ?? c._negotiatedProtocolVersion ?? '2025-11-25')),
    serverName: () => c.getServerVersion()?.name,
    tools: async () => (await c.listTools()).tools.map((t: { name: string }) => t.name),
    call: async (name, args, options = {}) => {
      const request = { name, arguments: args };
      const opts = { ...(options.onprogress ? { onprogress: options.onprogress } : {}), ...(options.signal ? { signal: options.signal } : {}) };
      return text(kind === 'sdk1' ? await c.callTool(request, undefined, opts) : await c.callTool(request, opts));
    },
    resources: async () => (await c.listResources()).resources.map((r: { uri: string }) => r.uri),
    read: async (uri) => (await c.readResource({ uri })).contents.map((x: { text?: string; blob?: string }) => x.text ?? x.blob ?? '').join(''),
    prompts: async () => (await c.listPrompts()).prompts.map((p: { name: string }) => p.name),
    prompt: async (name, args) => (await c.getPrompt({ name, arguments: args })).messages.map((m: any) => m.content.text ?? '').join(''),
    close: () => c.close(),
  };
}
