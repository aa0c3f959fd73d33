// Content blocks a tool result (or a prompt, or sampling) may carry (TOOLS-6).

export interface Annotations {
  audience?: ('user' | 'assistant')[];
  priority?: number;
  lastModified?: string;
}

interface BlockBase {
  annotations?: Annotations;
  _meta?: Record<string, unknown>;
}

export interface TextContent extends BlockBase {
  type: 'text';
  text: string;
}

export interface ImageContent extends BlockBase {
  type: 'image';
  /** Base64-encoded bytes. */
  data: string;
  mimeType: string;
}

/** Audio content (2025-03-26+). */
export interface AudioContent extends BlockBase {
  type: 'audio';
  data: string;
  mimeType: string;
}

/** A link to a resource the server can read (2025-06-18+). */
export interface ResourceLink extends BlockBase {
  type: 'resource_link';
  uri: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
  size?: number;
}

export interface TextResourceContents {
  uri: string;
  mimeType?: string;
  text: string;
  _meta?: Record<string, unknown>;
}

export interface BlobResourceContents {
  uri: string;
  mimeType?: string;
  /** Base64-encoded bytes. */
  blob: string;
  _meta?: Record<string, unknown>;
}

export interface EmbeddedResource extends BlockBase {
  type: 'resource';
  resource: TextResourceContents | BlobResourceContents;
}

/** A block of a type this library does not know; kept rather than dropped (TOOLS-6). */
export interface UnknownContent extends BlockBase {
  type: string;
  [key: string]: unknown;
}

export type ContentBlock = TextContent | ImageContent | AudioContent | ResourceLink | EmbeddedResource;
