// MCP Apps (the `io.modelcontextprotocol/ui` extension, SEP-1865): reading a tool's UI resource
// with what a host needs to render it safely: the HTML, the `_meta.ui` the server declared (CSP
// domains, permissions, dedicated domain, border), and the Content-Security-Policy and iframe
// `allow` value built from it (APPS-2, APPS-4, APPS-5). Rendering is the host's; this client
// only fetches, checks and describes.
import { McpBridgeError, uiContentSecurityPolicy, uiPermissionPolicy, UI_MIME_TYPE, type UiResourceMeta } from '../../protocol/index.js';
import { InvalidResultError } from '../errors/session-errors.js';
import type { FeatureHost, FeatureOptions } from './features.js';
import { readResource, resourceBytes } from './resources.js';

/** A UI resource, ready for a host to put in a sandboxed iframe. */
export interface UiResource {
  uri: string;
  mimeType: string;
  /** The HTML document (decoded from `blob` when the server sent base64). */
  html: string;
  /** The resource's `_meta.ui`, as the server declared it (empty when it declared none). */
  meta: UiResourceMeta;
  /** The CSP to serve the document with: the restrictive default plus exactly the declared domains. */
  contentSecurityPolicy: string;
  /** The iframe `allow` attribute for the permissions it requests (empty: none). */
  permissionPolicy: string;
}

/**
 * Reads a `ui://` resource (`resources/read`) and checks it is an MCP App (`text/html;profile=mcp-app`).
 * @throws McpBridgeError `MCPB_INVALID_OPTIONS` for a URI that is not `ui://` (nothing is sent).
 * @throws InvalidResultError when the server answers with something else than an MCP App.
 */
export async function readUiResource(host: FeatureHost, uri: string, options: FeatureOptions = {}): Promise<UiResource> {
  if (!uri.startsWith('ui://'))
    throw new McpBridgeError('MCPB_INVALID_OPTIONS', `"${uri}" is not a UI resource: MCP Apps are served under ui://`, {
      server: host.serverName,
      hint: "pass a tool's ui.resourceUri (ToolDef.ui or _meta.ui.resourceUri)",
    });
  const read = await readResource(host, uri, options);
  const item = read.contents.find((c) => c.uri === uri) ?? read.contents[0];
  const mimeType = item?.mimeType ?? '';
  if (!item || mimeType.replace(/\s+/g, '').toLowerCase() !== UI_MIME_TYPE)
    throw new InvalidResultError(
      { server: host.serverName, method: 'resources/read' },
      `${uri} is not an MCP App (mimeType ${JSON.stringify(mimeType)}, expected ${UI_MIME_TYPE})`,
    );
  const ui = (item._meta as { ui?: UiResourceMeta } | undefined)?.ui;
  const meta: UiResourceMeta = typeof ui === 'object' && ui !== null ? ui : {};
  return {
    uri,
    mimeType,
    html: new TextDecoder().decode(resourceBytes(item)),
    meta,
    contentSecurityPolicy: uiContentSecurityPolicy(meta),
    permissionPolicy: uiPermissionPolicy(meta),
  };
}
