// W1's floor: the import probe loads this module first, so the loader's own start-up (the first
// dynamic import of a process) is measured apart from what a client's modules add above it.
export {};
