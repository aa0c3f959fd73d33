// The only ajv import: compiles tool schemas by their dialect (2020-12 by default), bounded in size
// and depth, never following remote $refs, and turns failures into structured issues.
import { createRequire } from 'node:module';
import type { Ajv, ErrorObject, ValidateFunction } from 'ajv';
import type { Ajv2019 } from 'ajv/dist/2019.js';
import type { Ajv2020 } from 'ajv/dist/2020.js';
import type { JsonSchema } from '../../protocol/index.js';
import type { ValidationIssue } from '../errors/bridge-errors.js';
import { dialectOf, type SchemaDialect } from './dialect.js';
import { toIssues } from './issues.js';

/** Schemas nested deeper than this are refused (SCHEMA-6). */
export const MAX_VALIDATION_DEPTH = 64;
/** Schemas with more nodes than this are refused (SCHEMA-6). */
export const MAX_VALIDATION_NODES = 10_000;

/** A compiled schema: `check` returns the issues, or an empty list when the value is valid. */
export interface CompiledSchema {
  readonly dialect: SchemaDialect;
  check(value: unknown): ValidationIssue[];
}

/** The outcome of compiling: a validator, or the reason there is none. */
export type CompileOutcome = { ok: true; schema: CompiledSchema } | { ok: false; reason: string; cause?: unknown };

type AjvInstance = Ajv | Ajv2019 | Ajv2020;

// Formats are not validated (ajv-formats is not a runtime dependency), so unknown formats never
// throw; strict off because real server schemas carry keywords ajv's strict mode rejects; no
// loadSchema, so a remote $ref fails compilation instead of being fetched (SCHEMA-4).
const OPTIONS = { strict: false, validateFormats: false, allErrors: true, verbose: true, inlineRefs: true } as const;

/**
 * Compiles JSON Schemas for tool arguments and output. One ajv instance per dialect is shared; a
 * schema whose `$id` clashes with one already compiled gets an instance of its own. Call
 * {@link SchemaCompiler.release} when a tool goes away so its compiled code can be collected.
 */
export class SchemaCompiler {
  private readonly shared = new Map<SchemaDialect, AjvInstance>();
  private readonly owners = new WeakMap<CompiledSchema, { ajv: AjvInstance; schema: object }>();

  /** Compiles `schema`, or says why it cannot be used (unsupported dialect, too big, invalid). */
  compile(schema: JsonSchema): CompileOutcome {
    const choice = dialectOf(schema);
    if ('unsupported' in choice) return { ok: false, reason: choice.unsupported };
    const bound = checkBounds(schema);
    if (bound) return { ok: false, reason: bound };
    // $schema is already decided; removing it keeps ajv from looking up meta-schemas by URI variants.
    const { $schema: _declared, ...body } = schema;
    let ajv = this.instance(choice.dialect);
    let fn: ValidateFunction;
    try {
      fn = ajv.compile(body);
    } catch (error) {
      if (!/already exists/.test(String((error as Error)?.message))) return { ok: false, reason: compileReason(error), cause: error };
      ajv = create(choice.dialect);
      try { fn = ajv.compile(body); } catch (again) { return { ok: false, reason: compileReason(again), cause: again }; }
    }
    const compiled: CompiledSchema = {
      dialect: choice.dialect,
      check: (value) => (fn(value) ? [] : toIssues((fn.errors ?? []) as ErrorObject[])),
    };
    this.owners.set(compiled, { ajv, schema: body });
    return { ok: true, schema: compiled };
  }

  /** Drops a compiled schema from its ajv instance (cache cleared when tools change). */
  release(compiled: CompiledSchema): void {
    const owner = this.owners.get(compiled);
    if (!owner) return;
    this.owners.delete(compiled);
    try { owner.ajv.removeSchema(owner.schema); } catch { /* already gone */ }
  }

  private instance(dialect: SchemaDialect): AjvInstance {
    let ajv = this.shared.get(dialect);
    if (!ajv) this.shared.set(dialect, (ajv = create(dialect)));
    return ajv;
  }
}

// ajv is loaded on the first compile, not at import: it is ~45 ms of the library's import time and
// a client that never validates never needs it.
const load = createRequire(import.meta.url);

function create(dialect: SchemaDialect): AjvInstance {
  if (dialect === '2020-12') {
    const { Ajv2020: Class } = load('ajv/dist/2020.js') as typeof import('ajv/dist/2020.js');
    return new Class(OPTIONS);
  }
  if (dialect === '2019-09') {
    const { Ajv2019: Class } = load('ajv/dist/2019.js') as typeof import('ajv/dist/2019.js');
    return new Class(OPTIONS);
  }
  const { Ajv: Class } = load('ajv') as typeof import('ajv');
  return new Class(OPTIONS);
}

function compileReason(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  if (/can't resolve reference/.test(message)) return `${message} (remote and unknown $refs are never fetched)`;
  return message;
}

/** Why a schema is too big or deep to compile, or undefined when it is within bounds. */
export function checkBounds(schema: unknown): string | undefined {
  let nodes = 0;
  const stack: [unknown, number][] = [[schema, 0]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (typeof node !== 'object' || node === null) continue;
    if (depth > MAX_VALIDATION_DEPTH) return `schema nested deeper than ${MAX_VALIDATION_DEPTH} levels`;
    if (++nodes > MAX_VALIDATION_NODES) return `schema has more than ${MAX_VALIDATION_NODES} nodes`;
    for (const child of Object.values(node)) if (typeof child === 'object' && child !== null) stack.push([child, depth + 1]);
  }
  return undefined;
}
