// What every framework adapter needs of the registry: the live tool list and validated execution.
// Adapters resolve a tool at call time through it, so a restarted or re-listed server is never stale.
import type { ResultPart, ToolDef, ToolResult } from '../bridge/types.js';
import type { CallContext } from '../registry/types.js';

/** The part of {@link Registry} the adapters use (structural, so a wrapper or a test double fits). */
export interface ToolRunner {
  list(): ToolDef[];
  get(name: string): ToolDef | undefined;
  execute(name: string, args: unknown, context?: CallContext): Promise<ToolResult>;
}

/** Which tools an adapter exposes: every tool, a list of exposed names, or a predicate. */
export type ToolSelection = readonly string[] | ((def: ToolDef) => boolean);

/** The selected definitions, in registry order. */
export function selectTools(runner: ToolRunner, selection?: ToolSelection): ToolDef[] {
  const all = runner.list();
  if (selection === undefined) return all;
  if (typeof selection === 'function') return all.filter(selection);
  const wanted = new Set(selection);
  return all.filter((d) => wanted.has(d.name));
}

/** An image part the way every provider takes it: base64 data and its media type. */
export interface ImageData {
  mediaType: string;
  data: string;
}

/** The images of a result, in order. */
export function imagesOf(parts: readonly ResultPart[]): ImageData[] {
  const out: ImageData[] = [];
  for (const part of parts) if (part.type === 'image') out.push({ mediaType: part.mimeType, data: part.data });
  return out;
}

/** A data: URL for an image, as OpenAI's `input_image` takes it. */
export function dataUrl(image: ImageData): string {
  return `data:${image.mediaType};base64,${image.data}`;
}
