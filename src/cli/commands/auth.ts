// `mcp-bridge auth login|status|logout SERVER`: an OAuth login ahead of time (the agent then uses and
// refreshes the stored tokens), what is stored (never the tokens themselves), and logout with
// revocation where the authorization server offers it (RFC 7009).
import { loadConfigAsking } from '../input-prompt.js';
import { oauthOptionsOf } from '../../manager/oauth-options.js';
import type { ParsedArgs } from '../args.js';
import { configPath } from '../target.js';
import { ExitCode, UsageError, type CliIo } from '../io.js';

const ACTIONS = ['login', 'status', 'logout'] as const;

export async function authCommand(args: ParsedArgs, io: CliIo): Promise<number> {
  const [action, name] = args.positionals;
  if (!action || !(ACTIONS as readonly string[]).includes(action))
    throw new UsageError(`auth needs one of ${ACTIONS.join(', ')}: mcp-bridge auth login SERVER`);
  const config = await loadConfigAsking(configPath(args, io), { env: io.env }, io.promptInput);
  const http = config.servers.filter((s) => s.url !== undefined && s.auth?.mode !== 'none');
  const chosen = name === undefined ? (action === 'status' ? http : []) : http.filter((s) => s.name === name);
  if (chosen.length === 0) {
    throw new UsageError(
      name === undefined
        ? `auth ${action} needs a server name (HTTP servers: ${http.map((s) => s.name).join(', ') || 'none'})`
        : `no HTTP server named "${name}" with OAuth in the config (HTTP servers: ${http.map((s) => s.name).join(', ') || 'none'})`,
    );
  }
  const { createOAuthHandler } = await import('../../auth/index.js');
  const { HttpClient } = await import('../../transports/http/http-client.js');
  const { openBrowser } = await import('../../auth/browser.js');
  let code: number = ExitCode.ok;
  for (const server of chosen) {
    const { context, ...options } = oauthOptionsOf(server.auth, action === 'login' ? 'login' : 'inspect')!;
    const handler = createOAuthHandler(server.url!, options, {
      serverName: server.name,
      ...context,
      ui: { print: (line) => io.stderr(`${line}\n`), openBrowser: (url) => openBrowser(url, io.env.BROWSER) },
    });
    const client = new HttpClient({ serverName: server.name });
    try {
      if (action === 'login') {
        const record = await handler.login(client.fetch, { ...(args.scope ? { scopes: args.scope.split(/\s+/).filter(Boolean) } : {}) });
        io.stdout(`${server.name}: logged in at ${record.issuer}${record.tokens?.scope?.length ? ` (scopes: ${record.tokens.scope.join(' ')})` : ''}\n`);
      } else if (action === 'status') {
        const record = await handler.current();
        const t = record?.tokens;
        const expiry = t?.expires_at === undefined ? 'no expiry' : t.expires_at > Date.now() ? `expires ${new Date(t.expires_at).toISOString()}` : 'expired';
        const line = !record
          ? 'not logged in'
          : !t
            ? `registered at ${record.issuer}, no token (run mcp-bridge auth login ${server.name})`
            : `logged in at ${record.issuer}, ${expiry}${t.refresh_token ? ', refreshable' : ''}${t.scope?.length ? `, scopes: ${t.scope.join(' ')}` : ''}`;
        if (args.json)
          io.stdout(
            `${JSON.stringify({ server: server.name, loggedIn: Boolean(t), issuer: record?.issuer, expiresAt: t?.expires_at, refreshable: Boolean(t?.refresh_token), scopes: t?.scope })}\n`,
          );
        else io.stdout(`${server.name}: ${line}\n`);
        if (!t && name !== undefined) code = ExitCode.authFailed;
      } else {
        const revoked = await handler.logout(client.fetch).catch((error: unknown) => {
          io.stderr(`${server.name}: revocation failed (${(error as Error).message}); tokens deleted anyway\n`);
          return false;
        });
        io.stdout(`${server.name}: logged out${revoked ? ' (tokens revoked at the authorization server)' : ''}\n`);
      }
    } finally {
      await client.close();
    }
  }
  return code;
}
