// Test helper: drives the replayer with the official SDK client, performing the recorded client's
// steps. The SDK is the independent reference, so every committed trace must replay cleanly through it.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import {
  CreateMessageRequestSchema,
  CreateTaskResultSchema,
  ElicitRequestSchema,
  ListRootsRequestSchema,
  McpError,
  ResultSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseTrace } from '../../src/trace/trace-format.js';
import { answerQueue, deriveScript, type Step } from '../../src/trace/steps.js';
import type { ReplayReport } from '../../src/trace/replay-engine.js';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
export const replayerJs = join(repoRoot, 'dist', 'src', 'trace', 'replayer.js');
export const tracesDir = join(repoRoot, 'conformance', 'traces');

export interface SdkReplay {
  report: ReplayReport;
  stderr: string;
  exitCode: number | null;
  results: unknown[];
}

/** Replays a trace with the SDK client; `mutate` may alter or drop (null) steps to provoke failures. */
export async function replayWithSdk(tracePath: string, mutate: (s: Step) => Step | null = (s) => s): Promise<SdkReplay> {
  const script = deriveScript(parseTrace(readFileSync(tracePath, 'utf8')));
  const dir = mkdtempSync(join(tmpdir(), 'mcpb-replay-'));
  const reportPath = join(dir, 'report.json');
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [replayerJs, tracePath, '--report', reportPath, '--idle-timeout', '10000'],
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (c: Buffer) => (stderr += c.toString()));
  const client = new Client({ name: 'sdk-replay-driver', version: '1.0.0' }, { capabilities: script.capabilities as never });
  const answer = (method: string) => {
    const next = answerQueue(script, method);
    return () => {
      const a = next();
      if (a.error) throw new McpError(a.error.code, a.error.message);
      return a.result as never;
    };
  };
  if (script.capabilities.roots) client.setRequestHandler(ListRootsRequestSchema, answer('roots/list'));
  if (script.capabilities.sampling) client.setRequestHandler(CreateMessageRequestSchema, answer('sampling/createMessage'));
  if (script.capabilities.elicitation) client.setRequestHandler(ElicitRequestSchema, answer('elicitation/create'));
  const results: unknown[] = [];
  await client.connect(transport);
  for (const original of script.steps) {
    const step = mutate(original);
    if (step === null) continue;
    try {
      if (step.kind === 'listTools') results.push(await client.listTools(step.cursor ? { cursor: step.cursor } : undefined));
      else if (step.kind === 'callTool' && step.task) {
        // A task-augmented call answers with a CreateTaskResult, not a tool result (TASKS-3).
        results.push(
          await client.request({ method: 'tools/call', params: { name: step.name, arguments: step.arguments, task: step.task } }, CreateTaskResultSchema),
        );
      } else if (step.kind === 'callTool') {
        results.push(await client.callTool({ name: step.name, arguments: step.arguments }, undefined, step.progress ? { onprogress: () => {} } : {}));
      } else if (step.kind === 'notify') {
        if (step.method === 'notifications/roots/list_changed') await client.sendRootsListChanged();
        else await client.notification({ method: step.method, params: step.params });
      } else results.push(await client.request({ method: step.method, params: step.params }, ResultSchema));
    } catch (e) {
      results.push({ thrown: (e as Error).message });
    }
  }
  const proc = (transport as unknown as { _process?: { exitCode: number | null; once(ev: string, f: () => void): void } })._process;
  const exited = new Promise<void>((r) => (proc && proc.exitCode === null ? proc.once('exit', () => r()) : r()));
  await client.close();
  await exited;
  const report = JSON.parse(readFileSync(reportPath, 'utf8')) as ReplayReport;
  rmSync(dir, { recursive: true, force: true });
  return { report, stderr, exitCode: proc?.exitCode ?? null, results };
}
