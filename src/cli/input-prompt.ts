// VS Code's `${input:id}` in the CLI: a value missing from MCP_BRIDGE_INPUT_<ID> is asked for on
// the terminal with the input's own `description` (typed characters hidden for `password: true`),
// as VS Code itself would; with no terminal the config error says which variable to set.

import { readFile } from 'node:fs/promises';
import { loadConfig } from '../config/index.js';
import { blankJsonComments } from '../config/jsonc.js';
import { inputVariable } from '../config/expand-vars.js';
import { ConfigError, CONFIG_INVALID } from '../errors/config-errors.js';
import type { BridgeConfig, ConfigOptions } from '../config/types.js';

/** Asks one question on the terminal; `hidden` echoes nothing of what is typed. */
export type PromptInput = (question: string, hidden: boolean) => Promise<string>;

/** One `inputs` entry of a VS Code `mcp.json`. */
interface InputSpec {
  description?: string;
  password?: boolean;
}

const MISSING = /^\$\{input:([^}]+)\} is a VS Code prompt variable with no value here/;

/**
 * `loadConfig`, asking for each `${input:id}` that has no value when `prompt` is given (a terminal);
 * without one, the config error gains a line naming the variables to set.
 */
export async function loadConfigAsking(file: string, opts: ConfigOptions, prompt: PromptInput | undefined): Promise<BridgeConfig> {
  try {
    return await loadConfig(file, opts);
  } catch (error) {
    const ids = missingInputs(error);
    if (ids.length === 0) throw error;
    if (!prompt) {
      const names = ids.map(inputVariable).join(', ');
      (error as Error).message +=
        `\n\nNo terminal to ask for ${ids.map((id) => `\${input:${id}}`).join(', ')}: set ${names} (or run mcp-bridge in a terminal to be asked).`;
      throw error;
    }
    const specs = await inputSpecs(file);
    const inputs: Record<string, string> = { ...opts.inputs };
    for (const id of ids) {
      const spec = specs.get(id) ?? {};
      inputs[id] = await prompt(`${spec.description ?? `Value for \${input:${id}}`} (${id}): `, spec.password === true);
    }
    return loadConfig(file, { ...opts, inputs });
  }
}

/** The ids of the `${input:id}` references a config error reports as unset, each once. */
function missingInputs(error: unknown): string[] {
  if (!(error instanceof ConfigError) || error.code !== CONFIG_INVALID) return [];
  const ids = new Set<string>();
  for (const issue of error.issues) {
    const id = MISSING.exec(issue.message)?.[1];
    if (id !== undefined && id !== '...') ids.add(id);
  }
  return [...ids];
}

/** The file's `inputs` list by id; an unparsable file gives none (the questions then name the id only). */
async function inputSpecs(file: string): Promise<Map<string, InputSpec>> {
  const specs = new Map<string, InputSpec>();
  try {
    const text = blankJsonComments(await readFile(file, 'utf8')).replace(/,(\s*[}\]])/g, '$1');
    const inputs = (JSON.parse(text) as { inputs?: unknown }).inputs;
    if (!Array.isArray(inputs)) return specs;
    for (const input of inputs as Array<Record<string, unknown>>) {
      if (typeof input?.id !== 'string') continue;
      specs.set(input.id, {
        ...(typeof input.description === 'string' ? { description: input.description } : {}),
        password: input.password === true,
      });
    }
  } catch {
    // Not JSON (a YAML file using ${input:id}): ask by id alone.
  }
  return specs;
}

/**
 * Reads one line from a terminal in raw mode, echoing to `output` unless `hidden`. Enter ends it,
 * Backspace deletes, Ctrl-C or Ctrl-D (on an empty line) cancel with an error.
 */
export function askOnTerminal(input: NodeJS.ReadStream, output: NodeJS.WriteStream): PromptInput {
  return (question, hidden) =>
    new Promise<string>((resolve, reject) => {
      let value = '';
      const wasRaw = input.isRaw;
      // Raw mode before the question: whatever is typed once it shows is never echoed by the terminal.
      input.setRawMode(true);
      input.resume();
      output.write(question);
      const finish = (error?: Error) => {
        input.off('data', onData);
        input.setRawMode(wasRaw);
        input.pause();
        output.write('\n');
        if (error) reject(error);
        else resolve(value);
      };
      const onData = (chunk: Buffer | string) => {
        for (const ch of String(chunk)) {
          if (ch === '\r' || ch === '\n') return finish();
          if (ch === '\u0003' || (ch === '\u0004' && value === '')) return finish(new Error('cancelled at the prompt'));
          if (ch === '\u007f' || ch === '\b') {
            if (value.length > 0) {
              value = value.slice(0, -1);
              if (!hidden) output.write('\b \b');
            }
          } else if (ch >= ' ') {
            value += ch;
            if (!hidden) output.write(ch);
          }
        }
      };
      input.on('data', onData);
    });
}
