// Interactive authorization-code login: the loopback listener (port persisted with the registration),
// the browser opened when allowed and the URL always printed, or the paste fallback for SSH sessions.
import { createInterface } from 'node:readline';
import { AuthRefusedError } from '../errors/auth-errors.js';
import { finishAuthorization, startAuthorization } from './authorization-code.js';
import { openBrowser } from './browser.js';
import type { GrantContext } from './grants.js';
import { listenForCallback } from './loopback.js';
import type { ObtainInput } from './obtain.js';
import { clientIdentity } from './registration.js';
import type { ClientIdentity, TokenSet } from './types.js';

export interface LoginInput extends ObtainInput {
  mode: 'auto' | 'browser' | 'paste';
  grant: (client: ClientIdentity) => GrantContext;
}

function storedPort(client: ClientIdentity | undefined): number | undefined {
  if (!client?.redirect_uri) return undefined;
  try {
    return Number(new URL(client.redirect_uri).port) || undefined;
  } catch {
    return undefined;
  }
}

async function readLine(prompt: string): Promise<string> {
  const rl = createInterface({ input: process.stdin, output: process.stderr });
  try {
    return await new Promise<string>((resolve) => rl.question(prompt, resolve));
  } finally {
    rl.close();
  }
}

/** Runs the login and the code exchange. */
export async function runLogin(input: LoginInput): Promise<{ client: ClientIdentity; tokens: TokenSet }> {
  const { discovered, options, context } = input;
  const print = context.ui?.print ?? ((line: string) => process.stderr.write(`${line}\n`));
  const listener = await listenForCallback({
    host: options.redirect?.host,
    port: options.redirect?.port ?? storedPort(input.storedClient),
    path: options.redirect?.path,
    signal: input.signal,
  });
  try {
    // A changed port means a changed redirect URI: clientIdentity re-registers (mcp2cli#54).
    const client = await clientIdentity({
      as: discovered.as,
      options,
      redirectUri: listener.redirectUri,
      stored: input.storedClient,
      grantTypes: ['authorization_code', 'refresh_token'],
      fetch: input.fetch,
      serverName: context.serverName,
      signal: input.signal,
    });
    const pending = await startAuthorization(input.grant(client), listener.redirectUri, input.scopes, discovered.resource);
    const url = pending.url.href;
    print(`Open this URL to authorize ${context.serverName ?? 'the server'}:\n  ${url}`);
    let callback: Promise<URL> = listener.callback;
    if (input.mode === 'paste') {
      const read = context.ui?.readLine ?? readLine;
      print('After approving, your browser lands on a page that may fail to load; copy its full address.');
      callback = read('Paste the redirect URL here: ').then((line) => parsePasted(line.trim(), listener.redirectUri, context.serverName));
    } else {
      const opener = context.ui?.openBrowser ?? openBrowser;
      if (!(await opener(url))) print('(could not open a browser; open the URL above yourself)');
    }
    const result = await callback;
    return { client, tokens: await finishAuthorization(input.grant(client), pending, result, input.scopes, discovered.resource) };
  } finally {
    await listener.close();
  }
}

function parsePasted(line: string, redirectUri: string, server: string | undefined): URL {
  let url: URL;
  try {
    url = new URL(line);
  } catch {
    throw new AuthRefusedError({ server, step: 'authorization', description: 'the pasted text is not a URL; paste the whole address from the browser' });
  }
  const expected = new URL(redirectUri);
  if (url.pathname !== expected.pathname)
    throw new AuthRefusedError({ server, step: 'authorization', description: `the pasted URL is not the redirect (${expected.pathname})` });
  return url;
}
