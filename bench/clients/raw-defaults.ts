// The batched stdio loop doing, for each call, what mcp-bridge does by default: the progress token of
// raw-progress, a 60 s deadline when the caller sets none (TIME-1: mcp-bridge's default request
// timeout), and the checks mcp-bridge makes of every answer before handing it over. The like-for-like
// loop: the distance from the limit to it is what those defaults cost a hand-written loop; the
// distance from it to mcp-bridge is the library's own. Not a limit candidate; runs W3 and W7.
import { likeForLikeLoop } from './_raw-stdio.js';

/** mcp-bridge's default request timeout (DEFAULT_REQUEST_TIMEOUT_MS), written out: the bench does not import the library's internals. */
export const DEFAULT_TIMEOUT_MS = 60_000;

export default likeForLikeLoop('raw-defaults', { batched: true, progress: true, defaultTimeoutMs: DEFAULT_TIMEOUT_MS, checked: true });
