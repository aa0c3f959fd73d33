// The only ajv import: compiles tool schemas by their dialect (2020-12 by default), bounded in size
// and depth, never following remote $refs, and turns failures into structured issues.
import type { Ajv, ErrorObject, ValidateFunction } from 'ajv';
import type { Ajv2019 } from 'ajv/dist/2019.js';
import type { Ajv2020 } from 'ajv/dist/2020.js';
import type { JsonSchema } from '../../protocol/index.js';
import type { ValidationIssue } from '../errors/bridge-errors.js';
import { dialectOf, type SchemaDialect } from './dialect.js';
import { toIssues } from './validation-issues.js';
import { resolveLocalRef } from './schema-refs.js';
import { aliasSchema, aliasValue, unaliasIssues, usesProtoKey } from './proto-alias.js';

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
// ownProperties: an argument named `toString` or `constructor` is the caller's, never the prototype's.
const OPTIONS = { strict: false, validateFormats: false, allErrors: true, verbose: true, inlineRefs: true, ownProperties: true } as const;

/** Called when a schema prepared with {@link SchemaCompiler.prepare} fails to compile on first use. */
export type LateFailure = (reason: string, cause: unknown) => void;

/**
 * Compiles JSON Schemas for tool arguments and output. One ajv instance per dialect is shared; a
 * schema whose `$id` clashes with one already compiled gets an instance of its own. Call
 * {@link SchemaCompiler.release} when a tool goes away so its compiled code can be collected.
 */
export class SchemaCompiler {
  private readonly shared = new Map<SchemaDialect, AjvInstance>();
  private readonly owners = new WeakMap<CompiledSchema, { ajv: AjvInstance; schema: object }>();

  /** Compiles `schema` now, or says why it cannot be used (unsupported dialect, too big, invalid). */
  compile(schema: JsonSchema): CompileOutcome {
    const checked = this.precheck(schema);
    if (!checked.ok) return checked;
    const built = this.build(checked.dialect, checked.body);
    if (!built.ok) return built;
    return { ok: true, schema: this.wrap(checked.dialect, built, checked.aliased) };
  }

  /**
   * Checks `schema` now (dialect, bounds, remote references, the dialect's meta-schema) and compiles
   * it on its first `check`: code generation is most of the cost of registering a tool, and most
   * tools of a large server are never called. Should the late compile still fail, `onLateFailure`
   * is told and the schema checks nothing.
   */
  prepare(schema: JsonSchema, onLateFailure: LateFailure = () => {}): CompileOutcome {
    const checked = this.precheck(schema);
    if (!checked.ok) return checked;
    const ajv = this.instance(checked.dialect);
    if (!ajv.validateSchema(checked.body)) return { ok: false, reason: `schema is invalid: ${ajv.errorsText(ajv.errors)}` };
    let check: ((value: unknown) => ValidationIssue[]) | undefined;
    const compiled: CompiledSchema = {
      dialect: checked.dialect,
      check: (value) => {
        if (!check) {
          const built = this.build(checked.dialect, checked.body);
          if (built.ok) {
            check = this.wrap(checked.dialect, built, checked.aliased).check;
            this.owners.set(compiled, this.owners.get(built.self)!);
          } else {
            check = () => [];
            onLateFailure(built.reason, built.cause);
          }
        }
        return check(value);
      },
    };
    return { ok: true, schema: compiled };
  }

  /** Drops a compiled schema from its ajv instance (cache cleared when tools change). */
  release(compiled: CompiledSchema): void {
    const owner = this.owners.get(compiled);
    if (!owner) return;
    this.owners.delete(compiled);
    try {
      owner.ajv.removeSchema(owner.schema);
    } catch {
      /* already gone */
    }
  }

  private precheck(schema: JsonSchema): { ok: true; dialect: SchemaDialect; body: object; aliased: boolean } | { ok: false; reason: string } {
    const choice = dialectOf(schema);
    if ('unsupported' in choice) return { ok: false, reason: choice.unsupported };
    const bound = checkBounds(schema) ?? checkRefs(schema);
    if (bound) return { ok: false, reason: bound };
    // $schema is already decided; removing it keeps ajv from looking up meta-schemas by URI variants.
    const { $schema: _declared, ...rest } = schema;
    const aliased = usesProtoKey(rest);
    return { ok: true, dialect: choice.dialect, body: (aliased ? aliasSchema(rest) : rest) as object, aliased };
  }

  private build(
    dialect: SchemaDialect,
    body: object,
  ): { ok: true; fn: ValidateFunction; self: CompiledSchema } | { ok: false; reason: string; cause?: unknown } {
    let ajv = this.instance(dialect);
    let fn: ValidateFunction;
    try {
      fn = ajv.compile(body);
    } catch (error) {
      if (!/already exists/.test(String((error as Error)?.message))) return { ok: false, reason: compileReason(error), cause: error };
      ajv = create(dialect);
      try {
        fn = ajv.compile(body);
      } catch (again) {
        return { ok: false, reason: compileReason(again), cause: again };
      }
    }
    const self: CompiledSchema = { dialect, check: () => [] };
    this.owners.set(self, { ajv, schema: body });
    return { ok: true, fn, self };
  }

  private wrap(dialect: SchemaDialect, built: { fn: ValidateFunction; self: CompiledSchema }, aliased: boolean): CompiledSchema {
    const { fn } = built;
    const compiled = built.self as { dialect: SchemaDialect; check: CompiledSchema['check'] };
    compiled.dialect = dialect;
    compiled.check = aliased
      ? (value) => (fn(aliasValue(value)) ? [] : unaliasIssues(toIssues((fn.errors ?? []) as ErrorObject[])))
      : (value) => (fn(value) ? [] : toIssues((fn.errors ?? []) as ErrorObject[]));
    return compiled;
  }

  private instance(dialect: SchemaDialect): AjvInstance {
    let ajv = this.shared.get(dialect);
    if (!ajv) this.shared.set(dialect, (ajv = create(dialect)));
    return ajv;
  }
}

// ajv is loaded on the first compile, not at import: it is ~45 ms of the library's import time and
// a client that never validates never needs it. node:module itself is reached through
// getBuiltinModule for the same reason (its ESM import loads more of Node than we use).
let requireHere: NodeJS.Require | undefined;
const load = (id: string): unknown => (requireHere ??= process.getBuiltinModule('node:module').createRequire(import.meta.url))(id);

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

/**
 * Why a `$ref` of the schema cannot be resolved without fetching, or undefined. Checked before any
 * compile so a tool with a remote reference is reported at registration (SCHEMA-4). References
 * under a nested `$id` are left to the compiler, which knows the base URIs.
 */
export function checkRefs(schema: unknown): string | undefined {
  const ids: string[] = [];
  const anchors = new Set<string>();
  const refs: string[] = [];
  const stack: unknown[] = [schema];
  while (stack.length > 0) {
    const node = stack.pop();
    if (typeof node !== 'object' || node === null) continue;
    if (!Array.isArray(node)) {
      const n = node as Record<string, unknown>;
      if (typeof n.$ref === 'string') refs.push(n.$ref);
      if (typeof n.$id === 'string') ids.push(n.$id);
      if (typeof n.$anchor === 'string') anchors.add(n.$anchor);
    }
    for (const [key, child] of Object.entries(node))
      if (key !== 'enum' && key !== 'const' && key !== 'default' && key !== 'examples' && typeof child === 'object' && child !== null) stack.push(child);
  }
  for (const ref of refs) {
    const hash = ref.indexOf('#');
    const base = hash === -1 ? ref : ref.slice(0, hash);
    if (base !== '') {
      if (!ids.some((id) => id === base || id.replace(/#$/, '') === base || id.endsWith(`/${base}`)))
        return `$ref "${ref}" points outside the schema; remote and unknown $refs are never fetched`;
      continue;
    }
    if (ids.length > 0) continue;
    const fragment = ref.slice(1);
    const resolves = fragment === '' || (fragment.startsWith('/') ? resolveLocalRef(schema, ref) !== undefined : anchors.has(fragment));
    if (!resolves) return `$ref "${ref}" does not resolve in the schema; remote and unknown $refs are never fetched`;
  }
  return undefined;
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
