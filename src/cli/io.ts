// What a CLI command may touch, injectable so tests run commands in-process.

export interface CliIo {
  stdout(text: string): void;
  stderr(text: string): void;
  env: Record<string, string | undefined>;
  cwd: string;
  /** Whether stderr is a terminal (progress lines are shorter when it is not; call progress shows only on one). */
  isTTY?: boolean;
  /** Reads all of standard input (for `call TOOL -`). */
  readStdin?: () => Promise<string>;
  /** Whether stdout is a terminal (binary content is never written to one). */
  stdoutIsTTY?: boolean;
  /** Writes raw bytes to stdout (binary resources piped to a file or another program). */
  stdoutBytes?(data: Uint8Array): void;
  /**
   * Asks the program to exit as soon as the command returns, without waiting for servers still
   * stopping (the exit hook kills their trees). For a server known to be stuck, e.g. after a call
   * timed out; absent when the CLI runs in-process.
   */
  hurryExit?: () => void;
  /** Asks for a VS Code `${input:id}` value; present only when stdin and stderr are a terminal. */
  promptInput?: (question: string, hidden: boolean) => Promise<string>;
}

/** Exit codes (the help's table, command-table.ts EXIT_CODES, says the same; docs/cli.md is generated from the help). */
export const ExitCode = {
  ok: 0,
  /** The tool ran and returned an error result. */
  toolError: 1,
  /** Bad usage or an invalid config, including a tool name that is not registered. */
  usage: 2,
  /** A server could not be started or reached. */
  serverFailed: 3,
  /** Authorization is missing or was refused (MCPB_AUTH_*): run `mcp-bridge auth login SERVER`. */
  authFailed: 4,
  /** Refused before sending, nothing was sent: the arguments do not match the tool's input schema, or the policy denied the call or it was not confirmed. */
  invalidArguments: 5,
} as const;

/** A usage mistake: printed with the usage text, exit code 2. */
export class UsageError extends Error {}

/** The first line of an error's message (or of any thrown value), for one-line reports. */
export function firstLine(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.split('\n')[0]!;
}

/** Whether a failure is an MCPB_AUTH_* error, directly or as a cause (exit code 4). */
export function isAuthFailure(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++, e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^MCPB_AUTH_/.test(code)) return true;
  }
  return false;
}

/** The exit code for servers that failed to start: 4 when any failure is an authorization one (as `call`), else 3. */
export function startFailureCode(failed: ReadonlyArray<{ error: unknown }>): number {
  return failed.some((f) => isAuthFailure(f.error)) ? ExitCode.authFailed : ExitCode.serverFailed;
}
