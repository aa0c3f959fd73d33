// Pure HTTP helpers shared by the Streamable HTTP and legacy SSE transports.
export * from './headers.js';
export * from './redact.js';
export * from './response-match.js';
export * from './reconnect.js';
export * from './retry-after.js';
export * from './param-headers.js';
export * from './redirect.js';
export * from './header-bindings.js';
