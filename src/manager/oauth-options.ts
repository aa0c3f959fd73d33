// A server's `auth:` block as OAuth options: the one mapping, used by the agent (server-client.ts)
// and by `mcp-bridge auth login|status|logout`, so a login and the agent that later uses its tokens
// identify the client the same way (same key, same signing algorithm, same scopes and resource).
import type { InteractiveMode, OAuthContext, OAuthOptions } from '../auth/types.js';
import type { AuthConfig } from '../config/types.js';

/** Who is asking: the agent never starts an unrequested login; `auth login` is the user asking for one. */
export type OAuthCaller = 'agent' | 'login' | 'inspect';

/**
 * The OAuth options of a configured HTTP server (undefined: no OAuth, `mode: none`). `interactive`
 * is the config's for the agent (unset: never); `login` may reach the user unless the config set
 * a particular way (unset or `never`: auto); `inspect` (status, logout) never reaches the user.
 */
export function oauthOptionsOf(auth: AuthConfig | undefined, caller: OAuthCaller): (OAuthOptions & { context: OAuthContext }) | undefined {
  if (auth?.mode === 'none') return undefined;
  // Every field of AuthConfig is named here: a new one fails to compile until it is mapped (or said to be unmapped).
  const {
    mode,
    clientId,
    clientSecret,
    privateKeyFile,
    signingAlgorithm,
    clientMetadataUrl,
    scopes,
    redirect,
    resource,
    interactive,
    store,
    offlineAccess,
    dpop,
    assertionFile,
    assertionEnv,
    ...unmapped
  } = auth ?? ({ mode: 'oauth', scopes: [], store: 'file' } satisfies AuthConfig);
  const none: Record<string, never> = unmapped;
  void none;
  return {
    mode: mode ?? 'oauth',
    ...(clientId !== undefined ? { clientId } : {}),
    ...(clientSecret !== undefined ? { clientSecret } : {}),
    ...(privateKeyFile !== undefined ? { privateKeyFile } : {}),
    ...(signingAlgorithm !== undefined ? { signingAlgorithm } : {}),
    ...(clientMetadataUrl !== undefined ? { clientMetadataUrl } : {}),
    ...(scopes.length > 0 ? { scopes } : {}),
    ...(redirect ? { redirect } : {}),
    ...(resource !== undefined ? { resource } : {}),
    ...(offlineAccess !== undefined ? { offlineAccess } : {}),
    ...(dpop !== undefined ? { dpop } : {}),
    ...(assertionFile !== undefined || assertionEnv !== undefined
      ? { workload: { ...(assertionFile !== undefined ? { assertionFile } : {}), ...(assertionEnv !== undefined ? { assertionEnv } : {}) } }
      : {}),
    interactive: interactiveFor(interactive, caller),
    context: { store: store ?? 'file' },
  };
}

function interactiveFor(configured: InteractiveMode | undefined, caller: OAuthCaller): InteractiveMode {
  if (caller === 'agent') return configured ?? 'never';
  if (caller === 'inspect') return 'never';
  return configured === undefined || configured === 'never' ? 'auto' : configured;
}
