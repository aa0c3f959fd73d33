// Oversized results stay out of the model's window: past the budget the model gets a head that is
// still valid (see bridge/result-head.ts), a handle, and the `read_result` tool to page through or
// select inside the whole result, which is kept here, in a store bounded by size and count (oldest
// evicted first). The registry imports this module with the first result over its budget
// (result-budget.ts holds what it needs before that).
import type { CallToolResult } from '../../protocol/index.js';
import { resultHead, textHead } from '../bridge/result-head.js';
import type { ToolResult } from '../bridge/types.js';
import type { AgentTool } from './types.js';
import { resultBudget, type ResultBudgetSettings } from './result-budget.js';

export type { ResultBudgetSettings } from './result-budget.js';

const DEFAULT_MAX_CHARS = 64 * 1024 * 1024;
const DEFAULT_MAX_RESULTS = 100;

interface Kept {
  text: string;
  tool: string;
  parsed?: unknown;
}

/** The results kept for `read_result`, oldest first. */
export class ResultStore {
  readonly toolName: string;
  readonly budgetChars: number;
  private readonly kept = new Map<string, Kept>();
  private chars = 0;
  private next = 1;

  constructor(private readonly settings: ResultBudgetSettings = {}) {
    const budget = resultBudget(settings);
    this.toolName = budget.toolName;
    this.budgetChars = budget.budgetChars;
  }

  /** Results kept now. */
  get size(): number {
    return this.kept.size;
  }

  /**
   * `result` as the model should see it: unchanged within `budgetChars`; beyond, the whole text is
   * kept under a new handle and the model gets its head and how to read the rest.
   */
  budget(result: ToolResult, tool: string, budgetChars = this.budgetChars): ToolResult {
    const text = result.text;
    if (text.length <= budgetChars || tool === this.toolName) return result;
    const handle = this.put(text, tool);
    const note = (shown: number) =>
      `\n[result cut: this shows ${shown} of ${text.length} characters. The whole result is kept as "${handle}": call ${this.toolName} ` +
      `with {"handle": "${handle}", "offset": ${shown}} for more${this.kind(handle) === 'json' ? ', or with "pointer" (a JSON pointer such as "/items/10") to select a part' : ''}.]`;
    const room = Math.max(0, budgetChars - note(text.length).length);
    const { head } = resultHead(text, room);
    return { ...result, text: head + note(head.length), truncated: { budget: budgetChars, originalChars: text.length, shownChars: head.length }, handle };
  }

  private kind(handle: string): 'json' | 'text' {
    const kept = this.kept.get(handle);
    return kept && parse(kept) !== undefined ? 'json' : 'text';
  }

  private put(text: string, tool: string): string {
    const handle = `result-${this.next++}`;
    this.kept.set(handle, { text, tool });
    this.chars += text.length;
    const maxChars = this.settings.maxStoredChars ?? DEFAULT_MAX_CHARS;
    const maxResults = this.settings.maxStoredResults ?? DEFAULT_MAX_RESULTS;
    for (const [old, value] of this.kept) {
      if ((this.chars <= maxChars && this.kept.size <= maxResults) || old === handle) break;
      this.kept.delete(old);
      this.chars -= value.text.length;
    }
    return handle;
  }

  /** The `read_result` tool over this store. */
  readTool(): AgentTool {
    return {
      name: this.toolName,
      title: 'Read a kept result',
      description:
        'Reads more of a tool result that was too long to show whole. Pass the handle it named, and either an offset ' +
        '(and length) to page through the text, or a JSON pointer (e.g. "/items/3/name") or a path (e.g. "items[3].name") ' +
        'to select a part of a JSON result.',
      inputSchema: {
        type: 'object',
        properties: {
          handle: { type: 'string', description: 'The handle the cut result named, e.g. "result-1".' },
          offset: { type: 'integer', minimum: 0, description: 'First character to show (text paging). Default 0.' },
          length: { type: 'integer', minimum: 1, description: 'How many characters at most.' },
          pointer: { type: 'string', description: 'A JSON pointer ("/a/0/b") or path ("a[0].b") inside a JSON result.' },
        },
        required: ['handle'],
        additionalProperties: false,
      },
      handler: (args): CallToolResult => this.read(args),
    };
  }

  private read(args: Record<string, unknown>): CallToolResult {
    const handle = String(args.handle ?? '');
    const kept = this.kept.get(handle);
    const fail = (text: string): CallToolResult => ({ content: [{ type: 'text', text }], isError: true });
    if (!kept)
      return fail(
        `No kept result "${handle}": it was evicted (the store keeps the ${this.settings.maxStoredResults ?? DEFAULT_MAX_RESULTS} newest) or never existed. Call the tool again.`,
      );
    const budget = typeof args.length === 'number' ? Math.min(args.length, this.budgetChars) : this.budgetChars;
    if (typeof args.pointer === 'string') {
      const value = parse(kept);
      if (value === undefined) return fail(`Result "${handle}" (from ${kept.tool}) is not JSON: page through it with offset instead.`);
      const tokens = pointerTokens(args.pointer);
      const selected = select(value, tokens);
      if (!selected.found) return fail(`Nothing at ${JSON.stringify(args.pointer)} in result "${handle}": ${selected.why}.`);
      const json = JSON.stringify(selected.value, null, 2) ?? 'null';
      const { head } = resultHead(json, budget);
      const more = head.length < json.length ? `\n[selection cut: ${head.length} of ${json.length} characters; select a narrower part]` : '';
      return { content: [{ type: 'text', text: head + more }] };
    }
    const offset = typeof args.offset === 'number' ? Math.max(0, Math.floor(args.offset)) : 0;
    if (offset >= kept.text.length) return fail(`Offset ${offset} is past the end of result "${handle}" (${kept.text.length} characters).`);
    const page = textHead(kept.text.slice(offset), budget);
    const end = offset + page.length;
    const more =
      end < kept.text.length
        ? `\n[characters ${offset}–${end} of ${kept.text.length}; continue with offset ${end}]`
        : `\n[end of result, ${kept.text.length} characters]`;
    return { content: [{ type: 'text', text: page + more }] };
  }
}

function parse(kept: Kept): unknown {
  if (kept.parsed === undefined) {
    const first = kept.text.trimStart()[0];
    if (first !== '{' && first !== '[') return undefined;
    try {
      kept.parsed = JSON.parse(kept.text) as unknown;
    } catch {
      return undefined;
    }
  }
  return kept.parsed;
}

/** RFC 6901 pointer tokens, or those of a simple path (`a.b[0].c`). */
export function pointerTokens(spec: string): string[] {
  if (spec === '' || spec === '/') return [];
  if (spec.startsWith('/'))
    return spec
      .slice(1)
      .split('/')
      .map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));
  const out: string[] = [];
  for (const m of spec.matchAll(/([^.[\]]+)|\[(\d+)\]/g)) out.push((m[1] ?? m[2]) as string);
  return out;
}

function select(value: unknown, tokens: readonly string[]): { found: true; value: unknown } | { found: false; why: string } {
  let here = value;
  for (const [i, token] of tokens.entries()) {
    const at = `/${tokens.slice(0, i).join('/')}`;
    if (Array.isArray(here)) {
      if (!/^\d+$/.test(token) || Number(token) >= here.length)
        return { found: false, why: `${at} is an array of ${here.length} elements, no element "${token}"` };
      here = here[Number(token)];
    } else if (typeof here === 'object' && here !== null && Object.hasOwn(here, token)) {
      here = (here as Record<string, unknown>)[token];
    } else {
      return { found: false, why: `${at} has no member "${token}"` };
    }
  }
  return { found: true, value: here };
}
