// The loopback redirect listener (RFC 8252 §7.3, §8.3): 127.0.0.1 by default, one path, answers the
// browser with a small page and hands the callback URL over; bounded by a timeout.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LoopbackListener {
  redirectUri: string;
  /** Resolves with the full callback URL the browser was sent to. */
  callback: Promise<URL>;
  close(): Promise<void>;
}

/** Listens on host:port (0 = ephemeral); falls back to an ephemeral port when the given one is busy. */
export async function listenForCallback(options: {
  host?: string;
  port?: number;
  path?: string;
  timeoutMs?: number;
  signal?: AbortSignal;
}): Promise<LoopbackListener> {
  const host = options.host ?? '127.0.0.1';
  const path = options.path ?? '/callback';
  let resolveCallback!: (url: URL) => void;
  let rejectCallback!: (error: Error) => void;
  const callback = new Promise<URL>((resolve, reject) => {
    resolveCallback = resolve;
    rejectCallback = reject;
  });
  callback.catch(() => undefined);
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', `http://${req.headers.host ?? host}`);
    if (url.pathname !== path) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end('<!doctype html><title>mcp-bridge</title><p>Authorization received. You can close this tab.</p>');
    resolveCallback(url);
  });
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  try {
    await listen(options.port ?? 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE' || !options.port) throw error;
    await listen(0);
  }
  const { port } = server.address() as AddressInfo;
  const timer = setTimeout(() => rejectCallback(new Error('no authorization callback arrived in time')), options.timeoutMs ?? 300_000);
  timer.unref();
  options.signal?.addEventListener('abort', () => rejectCallback(options.signal!.reason instanceof Error ? options.signal!.reason : new Error('aborted')), {
    once: true,
  });
  const hostPart = host.includes(':') ? `[${host}]` : host;
  return {
    redirectUri: `http://${hostPart}:${port}${path}`,
    callback,
    close: () =>
      new Promise<void>((resolve) => {
        clearTimeout(timer);
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}
