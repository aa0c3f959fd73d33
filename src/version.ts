// The library's own name and version, sent as clientInfo.
export const LIBRARY_NAME = 'mcp-bridge';
export const LIBRARY_VERSION = '0.1.0';
