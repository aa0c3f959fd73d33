// The CLI's surface as data: every option (its spelling, value and help line) and every command
// (usage lines, the options it takes, examples). The argument parser checks invocations against
// it, `--help` renders it, and a reference page can be generated from it without running anything.

/** One command-line option. */
export interface OptionSpec {
  /** The long name, without `--`. */
  name: string;
  short?: string;
  /** `string` options take a value; `boolean` ones are flags (`--flag=false` turns one off). */
  type: 'string' | 'boolean';
  /** May be given several times (the values are collected in order). */
  multiple?: boolean;
  /** The value's placeholder in help (`FILE`, `DURATION`). */
  value?: string;
  help: string;
}

/** One command: what `mcp-bridge <name> --help` prints, and which options it accepts. */
export interface CommandSpec {
  name: string;
  /** One line for the global command list. */
  summary: string;
  /** Usage lines, without the leading `mcp-bridge `. */
  usage: string[];
  /** A paragraph or two on what it does. */
  description: string;
  /** The options it takes besides the global ones. */
  options: readonly string[];
  /** Command lines that work, without the leading `mcp-bridge `. */
  examples: string[];
}

export const OPTIONS: readonly OptionSpec[] = [
  {
    name: 'config',
    short: 'c',
    type: 'string',
    value: 'FILE',
    help: "config file: mcp-bridge.yaml or any host's (Claude, Cursor, VS Code, gemini-cli, Cline, Roo, Windsurf, Zed, Continue, OpenCode, Goose, Codex config.toml); default: the first of ./mcp-bridge.yaml, ./.mcp.json, ./.vscode/mcp.json, ./.cursor/mcp.json, ./.gemini/settings.json, the Claude Desktop config",
  },
  { name: 'from', type: 'string', value: 'HOST', help: "use HOST's config file: claude-desktop, claude-code, cursor, vscode, gemini, codex, windsurf" },
  {
    name: 'server',
    short: 's',
    type: 'string',
    multiple: true,
    value: 'NAME',
    help: 'start only this server of the config (repeat it, or NAME,NAME); problems of other entries are ignored',
  },
  { name: 'verbose', short: 'v', type: 'boolean', help: 'log what servers write to stderr, and stacks of unexpected failures' },
  { name: 'quiet', short: 'q', type: 'boolean', help: 'no progress lines on stderr (failures are still reported in one line)' },
  { name: 'help', short: 'h', type: 'boolean', help: 'this text' },
  { name: 'version', short: 'V', type: 'boolean', help: 'print the version of mcp-bridge' },
  { name: 'json', type: 'boolean', help: 'machine-readable output on stdout (JSON only)' },
  {
    name: 'format',
    type: 'string',
    value: 'FORMAT',
    help: 'mcp (default), openai, openai-responses, anthropic or gemini: the specs as that provider takes them',
  },
  { name: 'timeout', type: 'string', value: 'DURATION', help: "per-call timeout (e.g. 30s, 2m); default: the server's `timeout`, else 30s" },
  {
    name: 'out',
    type: 'string',
    value: 'FILE',
    help: "where 'read' writes the resource's bytes ('record': the trace; 'import': the new config, default ./mcp-bridge.yaml)",
  },
  {
    name: 'env',
    short: 'e',
    type: 'string',
    multiple: true,
    value: 'KEY=VALUE',
    help: 'environment variable of a server given on the command line (repeatable)',
  },
  { name: 'header', short: 'H', type: 'string', multiple: true, value: "'Name: value'", help: 'header of a server given as a URL (repeatable)' },
  {
    name: 'transport',
    short: 't',
    type: 'string',
    value: 'T',
    help: 'transport of a server given on the command line: stdio, http (Streamable HTTP, falling back to SSE), streamable-http, sse',
  },
  {
    name: 'pass-env',
    type: 'boolean',
    help: 'a server given on the command line gets your whole exported environment (the default), as Claude Code and Cursor give theirs',
  },
  {
    name: 'no-pass-env',
    type: 'boolean',
    help: "it gets only HOME, PATH, SHELL, TERM, USER, LANG, LC_ALL, TMPDIR, LOGNAME (the config files' default) plus its -e values",
  },
  { name: 'scope', type: 'string', value: '"A B"', help: 'auth login: the scopes to ask for, space-separated' },
  { name: 'limit', type: 'string', value: 'N', help: 'search: how many tools at most (default 10)' },
  {
    name: 'yes',
    short: 'y',
    type: 'boolean',
    help: 'call: confirm a tool the policy (tools.mcp.policy) says to confirm, without asking; a denied tool stays denied',
  },
  {
    name: 'tool-search',
    type: 'boolean',
    help: "with --format: the first request's tool list when tool search is on (the search tool and the config's toolSearch.alwaysLoaded tools); --tool-search=false: every tool, whatever the config says",
  },
  {
    name: 'update',
    type: 'string',
    multiple: true,
    value: 'SERVER',
    help: 'pin: pin this server again (repeat it, or SERVER,SERVER), keeping the pins of the others',
  },
  { name: 'check', type: 'boolean', help: 'pin: compare the tools with the lock file instead of writing it; exit 1 on any change' },
  {
    name: 'refresh',
    type: 'boolean',
    help: "doctor: forget what earlier runs remembered (each server's era verdict, lazy servers' saved tool lists): every server is started, probed and listed afresh, and what is found replaces it",
  },
  { name: 'stdio', type: 'boolean', help: 'serve: speak MCP on stdin/stdout (the default)' },
  {
    name: 'http',
    type: 'string',
    value: 'HOST:PORT',
    help: 'serve: speak Streamable HTTP on HOST:PORT (/mcp, /mcp/PROFILE), and HTTP+SSE for older hosts (/sse, /sse/PROFILE)',
  },
  { name: 'profile', type: 'string', value: 'NAME', help: 'serve: offer only the servers and tools of this profile (tools.mcp.profiles in the config)' },
  {
    name: 'token',
    type: 'string',
    value: 'TOKEN',
    help: 'serve --http: the bearer token clients must send (default: $MCP_BRIDGE_SERVE_TOKEN); required to bind anything but a loopback address',
  },
  { name: 'file', type: 'string', value: 'PATH', help: "import: the host's config file to read (its host is detected, or named by --from)" },
  { name: 'force', type: 'boolean', help: 'import: replace the --out file when it exists' },
  {
    name: 'rewrite-host',
    type: 'boolean',
    help: "import: write the serve entry into the host's file in place of the imported servers (the old file is kept as FILE.bak)",
  },
];

/** Accepted by every command. */
export const GLOBAL_OPTIONS: readonly string[] = ['config', 'from', 'server', 'verbose', 'quiet', 'help', 'version'];
/** Describe a server given on the command line (`-- CMD ARGS`, or a URL). */
const AD_HOC = ['env', 'header', 'transport', 'pass-env', 'no-pass-env'] as const;

const TARGETS = 'A server may be given on the command line instead of a config: `-- CMD ARGS` (stdio) or a URL.';

export const COMMANDS: readonly CommandSpec[] = [
  {
    name: 'tools',
    summary: 'the tools as the LLM sees them; with TOOL, one tool in full',
    usage: [
      'tools [TOOL] [--json] [--format mcp|openai|openai-responses|anthropic|gemini] [--tool-search]',
      'tools [TOOL] [options] -- CMD [ARGS...]',
      'tools URL [TOOL] [options]',
    ],
    description: `Starts the servers and lists every tool as the agent registry exposes it: its name, signature and server, then the token cost of the specs on stderr. With TOOL, prints that tool's description and full input schema (JSON with --json). --format prints the specs as a provider takes them; with --tool-search, the specs of the first request when tool search is on: the search tool and the always-loaded tools (tools.mcp.toolSearch in the config; when the config enables it, --tool-search=false prints every tool). ${TARGETS}`,
    options: ['json', 'format', 'tool-search', ...AD_HOC],
    examples: [
      'tools',
      'tools --format openai-responses -q',
      'tools --format anthropic --tool-search',
      'tools read_text_file',
      'tools -- npx -y @modelcontextprotocol/server-filesystem .',
      'tools https://mcp.example.com/mcp -H "Authorization: Bearer $TOKEN"',
    ],
  },
  {
    name: 'search',
    summary: 'find the tools that fit a task described in words',
    usage: ['search "QUERY" [--limit N] [--json]', 'search "QUERY" [options] -- CMD [ARGS...]', 'search URL "QUERY" [options]'],
    description: `Starts the servers and ranks their tools against QUERY (a task in words: "read a file", "open a pull request"), as the registry's tool search does for a model: by name, title, description, parameters and server. Prints the best first, with their server, score and the first line of their description. With --json, stdout holds only a JSON array of { "name", "server", "score" }, best first. ${TARGETS}`,
    options: ['json', 'limit', ...AD_HOC],
    examples: ['search "read a file"', 'search "remember a fact about a person" --limit 3 --json -q', 'search "add two numbers" -- node server.js'],
  },
  {
    name: 'call',
    summary: 'run one tool and print its result',
    usage: [
      'call TOOL [key=value | key:=JSON ...] [--json] [--timeout DURATION]',
      'call TOOL ARGS_JSON',
      'call TOOL -                      (the JSON arguments on stdin)',
    ],
    description: `Runs one tool through the registry (arguments are checked against its input schema first; nothing is sent when they do not match) and prints the text of its result. key=value is converted to what the schema asks for: a number, integer, boolean, null, or JSON for an object or array; a string property keeps the text as typed. key:=JSON is always JSON. Required properties the schema gives a default for are filled in. Progress notifications are shown on a terminal. A tool the config's policy (tools.mcp.policy) denies is refused; one it says to confirm is asked about on the terminal (Run TOOL on SERVER with {...}? [y/N]), refused without a terminal unless --yes is given; either refusal exits 5 and sends nothing, as does a tool that changed since it was pinned (mcp-bridge pin) or that the scanner blocks (tools.mcp.scan: block). ${TARGETS}`,
    options: ['json', 'timeout', 'yes', ...AD_HOC],
    examples: [
      'call read_text_file path=README.md',
      'call get-sum a=2 b=40 -- node server.js',
      'call create_entities \'entities:=[{"name":"x","entityType":"t","observations":[]}]\'',
      'call search --timeout 2m query="mcp clients"',
      'echo \'{"path":"README.md"}\' | call read_text_file -',
    ],
  },
  {
    name: 'doctor',
    summary: 'check every server: state, version, tools, ping, problems',
    usage: ['doctor [--json] [--refresh]'],
    description:
      "Starts every server and reports its state, protocol version and era, tool count, exposed names and ping latency, then every problem found with what to do about it. For each era it says where it came from: 'probed at this start' (and whether the server answered the probe or only initialize worked, a guess), 'saved answer' or 'saved guess' with its age (a verdict an earlier run remembered, used without a probe), or the era configured in the server's entry; --json gives the same as eraSource (from, basis, savedAt, savedAgeMs, and refreshed with --refresh). With --json, stdout holds one JSON document and nothing else. With --refresh it first forgets what earlier runs remembered in the state folder (each server's era verdict and a lazy server's saved tool list), so every server is probed and listed afresh, as on a first run; use it when a server was upgraded or reports the wrong era.",
    options: ['json', 'refresh', ...AD_HOC],
    examples: ['doctor', 'doctor --json -q', 'doctor --refresh', '--from claude-desktop doctor', 'doctor -- node server.js'],
  },
  {
    name: 'scan',
    summary: "check every server's tool definitions for poisoning (hidden instructions, shadowing, secrets)",
    usage: ['scan [--json]', 'scan [options] -- CMD [ARGS...]', 'scan URL [options]'],
    description: `Starts the servers (a lazy one's saved tool list is read instead) and checks every tool definition, offline: nothing is called. It looks in names, titles, descriptions and everywhere inside the input and output schemas (descriptions, defaults, enums, property names) for instructions aimed at the model ("ignore previous instructions", "do not tell the user", <IMPORTANT> blocks), orders to other servers' tools (shadowing), instructions to read credentials or send data somewhere, invisible or bidirectional Unicode, ANSI escapes, long encoded blobs, and names imitating another server's tool. Findings are grouped per server, each with its rule, severity and an excerpt (secrets masked). With --json, stdout holds exactly { "findings": [{ "server", "tool", "rule", "severity", "excerpt" }] }. Exits 1 when any finding is high, 3 when a server could not be started and nothing high was found. ${TARGETS}`,
    options: ['json', ...AD_HOC],
    examples: ['scan', 'scan --json -q', '--server github scan', 'scan -- node server.js'],
  },
  {
    name: 'demo',
    summary: 'show servers and tools, then run one call',
    usage: ['demo [TOOL] [ARGS_JSON]'],
    description: 'Starts the servers, shows them and their tools, the OpenAI spec of the first tool, and runs one call (TOOL, else the first tool).',
    options: [...AD_HOC],
    examples: ['--config examples/mcp-bridge.yaml demo fs_read_text_file \'{"path":"welcome.md"}\''],
  },
  {
    name: 'resources',
    summary: 'resources and URI templates of each server',
    usage: ['resources [SERVER] [--json]'],
    description: 'Lists the resources and resource templates of every running server that offers them (or of SERVER).',
    options: ['json', ...AD_HOC],
    examples: ['resources', 'resources everything --json'],
  },
  {
    name: 'read',
    summary: 'read a resource (binary only to --out or a pipe)',
    usage: ['read URI [--server S] [--out FILE] [--json]'],
    description:
      'Reads one resource from the server that lists it (or has a matching template). Text goes to stdout; binary content only to --out FILE or to a pipe, never to a terminal (exit 1 with a hint).',
    options: ['json', 'out', ...AD_HOC],
    examples: ['read demo://resource/dynamic/text/1', 'read demo://resource/dynamic/blob/1 --out blob.bin'],
  },
  {
    name: 'prompts',
    summary: 'prompts of each server, with their arguments',
    usage: ['prompts [SERVER] [--json]'],
    description: 'Lists the prompts of every running server that offers them (or of SERVER), with their arguments (? marks optional ones).',
    options: ['json', ...AD_HOC],
    examples: ['prompts', 'prompts --json'],
  },
  {
    name: 'prompt',
    summary: 'fill in a prompt and print its messages',
    usage: ['prompt NAME [ARGS_JSON | key=value ...] [--server S] [--json]'],
    description: 'Fills in one prompt with the given arguments and prints its messages.',
    options: ['json', ...AD_HOC],
    examples: ['prompt args-prompt city=Lisbon'],
  },
  {
    name: 'complete',
    summary: 'completion suggestions for a prompt argument or template variable',
    usage: ['complete prompt NAME ARG [VALUE] [key=value ...]', 'complete resource URI_TEMPLATE ARG [VALUE] [key=value ...]'],
    description: 'Asks the server for completions of one prompt argument or resource-template variable; key=value pairs are the values already chosen.',
    options: ['json', ...AD_HOC],
    examples: ['complete prompt completable-prompt name "" department=Sales'],
  },
  {
    name: 'serve',
    summary: 'one MCP server in front of every configured server, for any host',
    usage: ['serve [--stdio] [--profile NAME]', 'serve --http HOST:PORT [--token TOKEN] [--profile NAME]'],
    description:
      'Starts the configured servers and serves them as one MCP server: their tools (with prefixes, filters and the result budget of the registry), resources, prompts and completion, to initialize-era clients (2024-11-05 to 2025-11-25) and 2026-07-28 clients alike, whatever each backend speaks. On stdio (the default) stdout carries only protocol messages. With --http it serves Streamable HTTP on HOST:PORT at /mcp (and /mcp/NAME for each profile), with resumable streams, and the older HTTP+SSE transport at /sse (and /sse/NAME), validating Origin; any address but a loopback one needs a bearer token (--token or MCP_BRIDGE_SERVE_TOKEN). SIGINT/SIGTERM or the end of stdin stops every server and exits. See docs/serve.md for host config snippets.',
    options: ['stdio', 'http', 'profile', 'token'],
    examples: ['serve', 'serve --config mcp-bridge.yaml --profile readonly', 'serve --http 127.0.0.1:8808', 'serve --http 0.0.0.0:8808 --token "$TOKEN"'],
  },
  {
    name: 'import',
    summary: "turn a host's config file into an mcp-bridge config, and the host's one serve entry",
    usage: [
      'import --from HOST [--out FILE] [--force] [--rewrite-host] [--json]',
      'import --file PATH [--from HOST] [--out FILE] [--force] [--rewrite-host] [--json]',
    ],
    description:
      "Reads a host's config file (--from HOST: its usual file, project first; --file PATH: any host's file, the host detected or named by --from), checks that it loads, and writes its servers as an mcp-bridge config (--out, default ./mcp-bridge.yaml; an existing file is replaced only with --force). Each entry is translated as the loader reads it (the host's units, variable spellings and key names); keys mcp-bridge does not use are left out and named; servers it cannot run stay in the host file. A secret the host file held inline (an env value such as GITHUB_TOKEN, an Authorization header, a secret argument, URL credentials, an OAuth client secret) is written as a ${VAR} reference, and the variables to set are listed by name, never by value. Then it prints the one entry the host needs instead of those servers, in the host's own format: npx -y mcp-bridge serve --config FILE. With --rewrite-host it writes that entry into the host file itself, copying the old one to FILE.bak first, and the entry passes the lifted variables to serve from there (where their values already were). With --json, stdout holds one JSON document: out, hostFile, host, servers, skipped, dropped, variables (name, server, field), inputs, hostEntry, rewritten, backup.",
    options: ['json', 'out', 'file', 'force', 'rewrite-host'],
    examples: ['import --from claude-desktop', 'import --from cursor --out ~/.config/mcp-bridge.yaml --rewrite-host', 'import --file .vscode/mcp.json --json'],
  },
  {
    name: 'auth',
    summary: 'OAuth login, status and logout for HTTP servers',
    usage: ['auth login SERVER [--scope "A B"]', 'auth status [SERVER] [--json]', 'auth logout SERVER'],
    description:
      'login runs an OAuth login ahead of time (browser, device code or paste), the agent then uses and refreshes the stored tokens; status shows what is stored (never the tokens); logout revokes where the authorization server offers it and deletes the tokens.',
    options: ['json', 'scope'],
    examples: ['auth login github', 'auth status --json', 'auth logout github'],
  },
  {
    name: 'record',
    summary: 'record a stdio session as a trace (transparent proxy)',
    usage: ['record --out FILE -- CMD [ARGS...]'],
    description: 'Runs CMD as a transparent stdio proxy and writes every message to FILE as a trace (see conformance/README.md).',
    options: ['out'],
    examples: ['record --out trace.jsonl -- node server.js'],
  },
  {
    name: 'pin',
    summary: 'pin tool definitions in mcp-bridge.lock, or check them against it (CI)',
    usage: ['pin [--json]', 'pin --update SERVER [SERVER...] [--json]', 'pin --check [--json]'],
    description:
      'Starts every server (a lazy one with a saved tool list is read from that list) and writes mcp-bridge.lock beside the config (or tools.mcp.pins.file): per server its name and version, per tool a SHA-256 of the RFC 8785 form of its name, title, description, input and output schemas and annotations, with those fields. Nothing of the server config (command, args, env, headers, URL) goes in; configured secrets echoed in a definition are masked. --update SERVER rewrites that server\'s entries only, approving its changes. --check compares instead of writing: it lists each changed tool with what changed (description, schema-narrowed, schema-widened, annotations, new, removed) and exits 1 when anything differs, 0 when all match. With --json, stdout holds only { "changes": [{ "server", "tool", "kind" }] } (one row per kind).',
    options: ['json', 'update', 'check'],
    examples: ['pin', 'pin --update github', 'pin --check', 'pin --check --json -q'],
  },
  {
    name: 'conformance',
    summary: 'client entry for the official MCP conformance suite',
    usage: ['conformance URL'],
    description: 'The client the official MCP conformance suite launches: it names the scenario in MCP_CONFORMANCE_SCENARIO and appends the server URL.',
    options: [],
    examples: ['conformance http://127.0.0.1:3000/mcp'],
  },
];

/** The exit codes, in order; the help text and the docs both print this table. */
export const EXIT_CODES: ReadonlyArray<readonly [code: number, meaning: string]> = [
  [0, 'success'],
  [1, 'the tool ran and returned an error (scan: a finding is high)'],
  [2, 'bad usage or config (an unknown command, option or tool name)'],
  [3, 'a server could not be started or reached, or the call failed on the way (timeout, crash, protocol error)'],
  [4, 'authorization is missing or was refused (run mcp-bridge auth login SERVER)'],
  [
    5,
    'the arguments do not match the tool input schema, or the policy denied the tool or it was not confirmed, or the tool changed since it was pinned or the scanner flagged it: refused before sending, nothing was sent',
  ],
];

export function commandSpec(name: string): CommandSpec | undefined {
  return COMMANDS.find((c) => c.name === name);
}

export function optionSpec(name: string): OptionSpec | undefined {
  return OPTIONS.find((o) => o.name === name);
}
