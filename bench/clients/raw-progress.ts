// The batched stdio loop with one thing more: each tool call carries `_meta.progressToken`, as
// mcp-bridge's tool calls do by default (so that a server's progress can restart their timeout,
// TIME-3). The limit loops send no token; this one shows what the token alone costs a loop, and
// raw-defaults adds mcp-bridge's other defaults. Not a limit candidate; runs W3 and W7.
import { likeForLikeLoop } from './_raw-stdio.js';

export default likeForLikeLoop('raw-progress', { batched: true, progress: true });
