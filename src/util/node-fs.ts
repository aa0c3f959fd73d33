// node:fs reached through getBuiltinModule, never through an ESM `import`: importing it as ESM builds
// its whole namespace (fs.promises and the stream classes), 2-4 ms on the first load, which the
// package import (config, era cache) or the first stdio start (its lazy transport) would pay.
// The same holds, smaller, for every built-in a module loaded at import uses: the first ESM import
// of any built-in (even node:path, loaded long before) costs about 0.4 ms of facade and linking, so
// those modules take what they need with `process.getBuiltinModule` (test/repo/packed-install.test.ts
// fails on a static built-in import in the files the package entries load).

/** Node's `fs` module, as `require('node:fs')` returns it. */
export const nodeFs = (): typeof import('node:fs') => process.getBuiltinModule('node:fs');
