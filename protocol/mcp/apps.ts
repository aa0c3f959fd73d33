// MCP Apps (the `io.modelcontextprotocol/ui` extension, SEP-1865), the pure half: the id and MIME
// type a client declares, a tool's UI link (`_meta.ui.resourceUri`, `ui://` only) and visibility,
// the `_meta.ui` of a UI resource (CSP domains, permissions, domain, border), and the
// Content-Security-Policy a host builds from it (restrictive when nothing is declared) (APPS-1..5).

/** The extension's id, in `capabilities.extensions`. */
export const UI_EXTENSION = 'io.modelcontextprotocol/ui';
/** The MIME type of an HTML MCP App. */
export const UI_MIME_TYPE = 'text/html;profile=mcp-app';

/** Who may call a tool: the model (the agent's tool list), the app (from its iframe), or both. */
export type UiVisibility = 'model' | 'app';

/** A tool's link to its UI. */
export interface ToolUi {
  /** The `ui://` resource that renders the tool's results. */
  resourceUri?: string;
  /** Default `["model", "app"]`. */
  visibility: UiVisibility[];
}

/** The origins a UI may reach, by CSP directive. */
export interface UiCsp {
  connectDomains?: string[];
  resourceDomains?: string[];
  frameDomains?: string[];
  baseUriDomains?: string[];
}

/** A UI resource's `_meta.ui`. */
export interface UiResourceMeta {
  csp?: UiCsp;
  permissions?: { camera?: object; microphone?: object; geolocation?: object; clipboardWrite?: object };
  domain?: string;
  prefersBorder?: boolean;
}

const VISIBILITIES = new Set<string>(['model', 'app']);

/**
 * A tool's UI link, from `_meta.ui` (the deprecated flat `_meta["ui/resourceUri"]` read too; the
 * nested one wins). A URI that is not `ui://` is ignored (APPS-2); undefined when there is no `_meta.ui` at all.
 */
export function toolUi(tool: { _meta?: Record<string, unknown> | undefined }): ToolUi | undefined {
  const meta = tool._meta;
  if (typeof meta !== 'object' || meta === null) return undefined;
  const ui = meta.ui as { resourceUri?: unknown; visibility?: unknown } | undefined;
  const flat = meta['ui/resourceUri'];
  if ((typeof ui !== 'object' || ui === null) && typeof flat !== 'string') return undefined;
  const uri = typeof ui?.resourceUri === 'string' ? ui.resourceUri : typeof flat === 'string' ? flat : undefined;
  const visibility = Array.isArray(ui?.visibility)
    ? (ui.visibility.filter((v) => typeof v === 'string' && VISIBILITIES.has(v)) as UiVisibility[])
    : ['model', 'app'];
  return { ...(uri !== undefined && uri.startsWith('ui://') ? { resourceUri: uri } : {}), visibility: visibility as UiVisibility[] };
}

/** APPS-3: a tool whose visibility leaves out `model` is never in the agent's tool list. */
export function isModelVisible(tool: { _meta?: Record<string, unknown> | undefined }): boolean {
  const ui = toolUi(tool);
  return ui === undefined || ui.visibility.includes('model');
}

const ORIGIN = /^(https?|wss?):\/\/(\*\.)?[A-Za-z0-9.-]+(:\d+)?$/;

/** Only well-formed origins reach a CSP: a value with `;` or a space would add directives of the server's choosing. */
function origins(list: unknown): string[] {
  return Array.isArray(list) ? list.filter((o): o is string => typeof o === 'string' && ORIGIN.test(o)) : [];
}

/**
 * APPS-4: the Content-Security-Policy for a UI resource. Without `csp` it is the extension's
 * restrictive default; declared domains are added to their directives and nothing else is allowed.
 */
export function uiContentSecurityPolicy(meta: UiResourceMeta | undefined): string {
  const csp = meta?.csp ?? {};
  const connect = origins(csp.connectDomains);
  const resources = origins(csp.resourceDomains);
  const frames = origins(csp.frameDomains);
  const bases = origins(csp.baseUriDomains);
  const withResources = (base: string) => [base, ...resources].join(' ');
  return [
    "default-src 'none'",
    `script-src ${withResources("'self' 'unsafe-inline'")}`,
    `style-src ${withResources("'self' 'unsafe-inline'")}`,
    `img-src ${withResources("'self' data:")}`,
    `font-src ${withResources("'self'")}`,
    `media-src ${withResources("'self' data:")}`,
    `connect-src ${connect.length > 0 ? connect.join(' ') : "'none'"}`,
    `frame-src ${frames.length > 0 ? frames.join(' ') : "'none'"}`,
    `base-uri ${bases.length > 0 ? bases.join(' ') : "'self'"}`,
  ].join('; ');
}

/** APPS-5: the iframe `allow` attribute (Permission Policy) for the permissions a UI requests. */
export function uiPermissionPolicy(meta: UiResourceMeta | undefined): string {
  const p = meta?.permissions ?? {};
  const names: [keyof NonNullable<UiResourceMeta['permissions']>, string][] = [
    ['camera', 'camera'],
    ['microphone', 'microphone'],
    ['geolocation', 'geolocation'],
    ['clipboardWrite', 'clipboard-write'],
  ];
  return names
    .filter(([k]) => typeof p[k] === 'object' && p[k] !== null)
    .map(([, v]) => v)
    .join('; ');
}
