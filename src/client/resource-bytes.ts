// Decoding a resource's content item, a synchronous helper of the client entry (the resource
// requests themselves, in resources.ts, load with the first of them).
import type { ResourceContents } from '../../protocol/index.js';

/** The bytes of one content item: the UTF-8 of `text`, or the decoded base64 of `blob`. */
export function resourceBytes(item: ResourceContents): Uint8Array {
  return 'blob' in item ? Buffer.from(item.blob, 'base64') : Buffer.from(item.text, 'utf8');
}
