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

/**
 * A block of a kind newer than this library (TOOLS-6): kept as the server sent it rather than
 * dropped. It is not a member of {@link ContentBlock}, so `block.type === 'text'` narrows a block to
 * {@link TextContent}; find these with {@link isUnknownContent} (an exhaustive `switch` over
 * `block.type` still needs a `default` for them).
 */
export interface UnknownContent extends BlockBase {
  type: string;
  [key: string]: unknown;
}

/**
 * A content block of a tool result or prompt message, narrowable by `type`:
 * `if (block.type === 'text') block.text` type-checks. Blocks of unknown kinds travel in the same
 * arrays at run time; {@link isUnknownContent} tells them apart.
 */
export type ContentBlock = TextContent | ImageContent | AudioContent | ResourceLink | EmbeddedResource;

/** The `type` of every block kind this library knows. */
export const KNOWN_CONTENT_TYPES: readonly ContentBlock['type'][] = Object.freeze(['text', 'image', 'audio', 'resource_link', 'resource']);

/** True for a block of a kind this library knows (and its types describe). */
export function isKnownContent(block: ContentBlock | UnknownContent): block is ContentBlock {
  return (KNOWN_CONTENT_TYPES as readonly string[]).includes(block.type);
}

/** True for a block of a kind newer than this library, kept as the server sent it. */
export function isUnknownContent(block: ContentBlock | UnknownContent): block is UnknownContent {
  return !isKnownContent(block);
}
