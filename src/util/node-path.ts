// node:path for the modules the whole package entry loads, taken once through getBuiltinModule (see
// node-fs.ts for why not an ESM import): each getBuiltinModule call at a module's top level cost the
// package import about 8 µs, and fourteen modules made one each.
export const { basename, dirname, isAbsolute, join, resolve, sep } = process.getBuiltinModule('node:path');
