// Resources (RES-*): listing (paginated to the end, PAGE-2), templates, reading, subscriptions.
// Each call is gated on the server's `resources` capability (subscriptions on `resources.subscribe`).
// The Client imports this module with its first resource call: an agent that only calls tools never
// compiles it.
import { Methods, type ReadResourceResult, type Resource, type ResourceContents, type ResourceTemplate } from '../../protocol/index.js';
import { InvalidResultError } from '../errors/session-errors.js';
import { arrayField, listAll, requestOptions, requireCapability, type FeatureHost, type FeatureOptions } from './features.js';

export { resourceBytes } from './resource-bytes.js';
export { subscribe, unsubscribe } from './subscriptions.js';

/** Every resource the server lists, following `nextCursor` to the end. */
export async function listResources(host: FeatureHost, options: FeatureOptions = {}): Promise<Resource[]> {
  requireCapability(host, Methods.resourcesList, 'resources');
  return listAll<Resource>(host, Methods.resourcesList, 'resources', options);
}

/** Every resource template (RFC 6570 `uriTemplate`; fill one in with `expandUriTemplate`). */
export async function listResourceTemplates(host: FeatureHost, options: FeatureOptions = {}): Promise<ResourceTemplate[]> {
  requireCapability(host, Methods.resourcesTemplatesList, 'resources');
  return listAll<ResourceTemplate>(host, Methods.resourcesTemplatesList, 'resourceTemplates', options);
}

/**
 * Reads one resource. Each item of `contents` is text or base64 `blob` (RES-2); decode a blob with
 * {@link resourceBytes}. A missing resource is the server's McpError (-32002 legacy, -32602 in 2026, RES-1).
 */
export async function readResource(host: FeatureHost, uri: string, options: FeatureOptions = {}): Promise<ReadResourceResult> {
  requireCapability(host, Methods.resourcesRead, 'resources');
  const result = await host.request<ReadResourceResult>(Methods.resourcesRead, { uri }, requestOptions(options));
  const contents = arrayField<ResourceContents>(host, Methods.resourcesRead, result, 'contents');
  for (const item of contents) {
    const ok =
      typeof item === 'object' &&
      item !== null &&
      typeof item.uri === 'string' &&
      (typeof (item as { text?: unknown }).text === 'string' || typeof (item as { blob?: unknown }).blob === 'string');
    if (!ok) throw new InvalidResultError({ server: host.serverName, method: Methods.resourcesRead }, 'an item of "contents" has neither "text" nor "blob"');
  }
  return result;
}
