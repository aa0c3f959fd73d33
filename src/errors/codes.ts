// The catalogue of every local error code: one line of meaning each. It feeds the table of
// docs/troubleshooting.md, and a test keeps it, the source and that page in step.

/** Every `code` a local mcp-bridge error can carry, with what it means. */
export const ERROR_CODES = {
  MCPB_CONFIG_INVALID: 'the config file has problems; `issues` lists each with its path, line, column and fix',
  MCPB_CONFIG_NOT_FOUND: 'the config file does not exist (pass --config or create ./mcp-bridge.yaml)',
  MCPB_CONFIG_UNREADABLE: 'the config path exists but cannot be read (a directory, or no permission)',
  MCPB_INVALID_OPTIONS: 'the options passed in code are inconsistent (e.g. neither command nor url)',
  MCPB_SPAWN_FAILED: 'the server command could not be started (ENOENT, EACCES...); names the command and cwd',
  MCPB_SERVER_START_FAILED: 'the server exited or stayed silent before answering initialize; carries exit code and stderr tail',
  MCPB_SERVER_EXITED: 'the server process exited; carries exit code or signal and the stderr tail',
  MCPB_SERVER_UNAVAILABLE: 'the server is starting, restarting, failed or stopped; the call failed fast',
  MCPB_UNKNOWN_SERVER: 'no server of that name is configured',
  MCPB_UNSUPPORTED_VERSION: 'the server answered a protocol version mcp-bridge does not speak, or the two share none; names both sides',
  MCPB_INPUT_HANDLER_MISSING: 'a 2026 server asked for input (elicitation, sampling, roots) that no client hook answers',
  MCPB_INPUT_REQUEST_FAILED: 'a client hook failed to answer a 2026 input request; the request was not retried',
  MCPB_INPUT_REQUIRED_ROUNDS: 'a 2026 server kept answering input_required beyond the round cap',
  MCPB_TOOL_HEADER_INVALID: "a tool's x-mcp-header annotations are invalid; the tool is left out of the list",
  MCPB_REQUEST_TIMEOUT: 'no answer (or progress) within the timeout; notifications/cancelled was sent',
  MCPB_REQUEST_ABORTED: "the caller's AbortSignal fired; the signal's reason is the cause",
  MCPB_CONNECTION_CLOSED: 'the connection ended while the request waited; carries exit code, signal, stderr tail',
  MCPB_NOT_CONNECTED: 'the client was used before connect() finished or after close()',
  MCPB_INVALID_RESULT: 'the server answered with a result of the wrong shape',
  MCPB_INVALID_MESSAGE: 'the server sent something that is not JSON-RPC 2.0; it was skipped',
  MCPB_FRAMING: 'a line on stdout was not JSON, not UTF-8, or over the size limit; it was skipped',
  MCPB_MESSAGE_TOO_LARGE: 'the answer to this request was over maxMessageBytes and was discarded',
  MCPB_RESPONSE_UNREADABLE: 'the answer to this request was not valid UTF-8 or not JSON; it was skipped and the request failed at once',
  MCPB_PAGINATION_LOOP: 'the server repeated a cursor or never ended a listing',
  MCPB_TRANSPORT_CLOSED: 'a message was sent on a transport that is already closed',
  MCPB_SEND_FAILED: 'a message could not be written to the server',
  MCPB_HTTP_STATUS: 'the server answered with an HTTP error; carries status, URL (secrets stripped) and body start',
  MCPB_HTTP_HEADERS_FAILED: "the function given as an HTTP server's `headers` threw or returned something other than string values; nothing was sent",
  MCPB_HTTP_CONNECT: 'the HTTP connection failed (refused, DNS, TLS, timeout); names the URL and the cause',
  MCPB_HTTP_STREAM_LOST: 'an SSE stream broke and could not be resumed within the retry budget',
  MCPB_HTTP_DETECT_FAILED: 'neither Streamable HTTP nor HTTP+SSE worked for the URL; names both answers',
  MCPB_SESSION_EXPIRED: 'the HTTP session is gone (404); the client re-initializes and retries when safe',
  MCPB_AUTH_REQUIRED: 'the server needs authorization and none is usable here; names the server and the `mcp-bridge auth login` command',
  MCPB_AUTH_STEP_UP_REQUIRED: 'the server asks for more scopes and no new authorization may run here; carries the scope set',
  MCPB_AUTH_REFUSED: "the authorization server refused (registration, grant, refresh); carries the AS's error and description",
  MCPB_AUTH_RESOURCE_MISMATCH: 'metadata names a resource or issuer that is not this server; nothing was sent to the authorization server',
  MCPB_AUTH_TIMEOUT:
    'the server asked for authorization and an OAuth request (metadata, registration, token) did not answer within the startup budget; names the URL',
  MCPB_SSE_ENDPOINT: 'a legacy SSE server sent no usable endpoint event (missing, or another origin)',
  MCPB_TOOL_NOT_FOUND: 'no tool of that name is registered; lists close matches',
  MCPB_TOOL_INPUT_INVALID: 'the arguments do not match the tool inputSchema; `issues` names each field; nothing was sent',
  MCPB_TOOL_OUTPUT_INVALID: 'structuredContent does not match the tool outputSchema',
  MCPB_TOOL_SCHEMA_INVALID: "a tool's schema cannot be compiled; the tool is registered without validation",
  MCPB_TOOL_NAME_COLLISION:
    'two tools want the same exposed name; an exact name wins over a rewritten one (which gets a suffix), else the first stays; a prefix is suggested',
  MCPB_INTERCEPTOR_REJECTED: 'a validating interceptor (a pipeline step of yours) found the call or its result invalid; on the request, nothing was sent',
  MCPB_INTERCEPTOR_FAILED: 'an interceptor threw and is not failOpen, so the call was refused; the cause is its error',
  MCPB_TOOL_CALL_FAILED: 'the call failed before a result (timeout, server down, protocol error); the cause says which',
  MCPB_TOOL_ARGUMENTS_UNPARSEABLE: "an LLM tool call's arguments are not a JSON object",
  MCPB_TOOL_CALL_MALFORMED: 'an LLM tool call names no tool or is not an object; answered as an error message, never thrown',
  MCPB_TOOL_FLAGGED:
    "the scanner found a high-severity problem in the tool's definition (hidden instructions, shadowing, credential access...) and `scan: block` is on; nothing was sent; review with `mcp-bridge scan`",
  MCPB_TOOL_RESULT_INVALID: 'the server answered tools/call with something that is not a CallToolResult',
  MCPB_POLICY_DENIED:
    'the policy (tools.mcp.policy or createPolicy) denies this tool; names the tool, its server, the rule (index and reason) and what to change; nothing was sent',
  MCPB_NOT_CONFIRMED:
    'the policy asks to confirm this tool and the confirmation was refused, failed, was aborted, or no onConfirm handler (no terminal, no --yes) could give it; nothing was sent',
  MCPB_AUDIT_WRITE_FAILED:
    'the audit log file could not be written (a directory, no permission, a full disk); the call itself went on, and the lines of that write were lost',
  MCPB_TOOL_CHANGED:
    "the tool's definition differs from the lock file (or it is new and new tools are blocked); names server, tool and what changed; nothing was sent; approve with `mcp-bridge pin --update SERVER`",
  MCPB_PIN_LOCK_INVALID:
    'the lock file (mcp-bridge.lock) is not JSON, not a lock file, or of a newer format; nothing in it is trusted; rewrite it with `mcp-bridge pin`',
  MCPB_PIN_LOCK_MISSING: 'a command needs the lock file and there is none; write it with `mcp-bridge pin`',
  MCPB_URI_TEMPLATE_INVALID: 'a URI template does not follow RFC 6570 (levels 1-4 are supported); names the template and, where known, the server',
  MCPB_TASK_CANCELLED: 'the request ran as a task (2026 Tasks extension) and the task was cancelled; there is no result',
  MCPB_SKILL_UNVERIFIED:
    "a skill's entry cannot be loaded, or a file read from it did not match the entry (size, digest, frontmatter, unlisted); nothing of it was used",
  MCPB_CAPABILITY_MISSING: 'the server did not declare the capability this method needs; nothing was sent',
  MCPB_SERVE_INPUT_STATE_UNKNOWN:
    "serve got a 2026 retry whose requestState no waiting call has (expired, already used, or another tool's); call the tool again without requestState",
  MCPB_SERVE_INPUT_LIMIT: "serve had too many calls waiting for their hosts' input (MRTR) to park one more; that call was cancelled, retry it later",
  MCPB_SERVE_TOKEN_REQUIRED:
    'serve --http was asked to bind a non-loopback address without a bearer token (--token or MCP_BRIDGE_SERVE_TOKEN); nothing was started',
  MCPB_URL_ELICITATION_REQUIRED: 'the server (-32042) needs URL-mode elicitations completed first; carries them; retry after, or set onUrlElicitationRequired',
  MCPB_TELEMETRY_UNAVAILABLE: 'tracing is enabled but @opentelemetry/api cannot be loaded; install it or turn telemetry off',
  MCPB_TRACE_INVALID: 'a conformance trace file cannot be read',
  MCPB_RECORDER_USAGE: 'mcp-bridge record was called with wrong arguments',
  MCPB_REPLAYER_USAGE: 'the replayer was called with wrong arguments',
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

/** The table of error codes (Markdown) that docs/troubleshooting.md shows. */
export function errorCodeTable(): string {
  const rows = Object.entries(ERROR_CODES).map(([code, meaning]) => `| \`${code}\` | ${meaning.replace(/\|/g, '\\|')} |`);
  return ['| code | meaning |', '| --- | --- |', ...rows].join('\n');
}
