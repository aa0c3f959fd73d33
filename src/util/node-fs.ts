// node:fs reached through getBuiltinModule, never through an ESM `import`: importing it as ESM builds
// its whole namespace (fs.promises and the stream classes), 2-4 ms on the first load, which the
// package import (config, era cache) or the first stdio start (its lazy transport) would pay.

/** Node's `fs` module, as `require('node:fs')` returns it. */
export const nodeFs = (): typeof import('node:fs') => process.getBuiltinModule('node:fs');
