// Resources: the resources/list, resources/templates/list, resources/read, resources/subscribe
// messages and the resource update notification. Icons, titles and annotations are kept (ICON-1).
import type { Annotations, BlobResourceContents, TextResourceContents } from './content.js';
import type { Icon } from './initialize.js';

/** A resource as listed by `resources/list`. */
export interface Resource {
  uri: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
  /** Size in bytes, when the server knows it. */
  size?: number;
  annotations?: Annotations;
  icons?: Icon[];
  _meta?: Record<string, unknown>;
  [key: string]: unknown;
}

/** A parameterised resource (`uriTemplate` is an RFC 6570 template), from `resources/templates/list`. */
export interface ResourceTemplate {
  uriTemplate: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
  annotations?: Annotations;
  icons?: Icon[];
  _meta?: Record<string, unknown>;
  [key: string]: unknown;
}

export interface ListResourcesResult {
  resources: Resource[];
  nextCursor?: string | null;
  [key: string]: unknown;
}

export interface ListResourceTemplatesResult {
  resourceTemplates: ResourceTemplate[];
  nextCursor?: string | null;
  [key: string]: unknown;
}

/** One item of a `resources/read` answer: text or base64 bytes (RES-2). */
export type ResourceContents = TextResourceContents | BlobResourceContents;

export interface ReadResourceResult {
  contents: ResourceContents[];
  _meta?: Record<string, unknown>;
  [key: string]: unknown;
}

/** `notifications/resources/updated`: a subscribed resource changed; read it again. */
export interface ResourceUpdatedParams {
  uri: string;
  [key: string]: unknown;
}
