// Validates what a client sent against the official MCP JSON schema of the negotiated revision
// (conformance/schemas/<version>/schema.json in this repository), picking the validator by dialect.
import { Ajv, type ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { classify } from '../src/trace/normalize.js';

// ajv-formats is CommonJS; under NodeNext its default export arrives wrapped.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (ajv: unknown) => void;

/**
 * Checks one client → server message; returns readable problems (empty when valid). For a response,
 * `answering` names the server request it answers, so its result is checked against that result type.
 */
export type MessageChecker = (msg: unknown, answering?: string) => string[];

/** Result definition per server → client request method. */
const RESULT_TYPES: Record<string, string> = {
  'roots/list': 'ListRootsResult',
  'sampling/createMessage': 'CreateMessageResult',
  'elicitation/create': 'ElicitResult',
  ping: 'EmptyResult',
};

/** Where the schemas live: `conformance/schemas` inside the repository. */
export function schemaDir(repoRoot: string): string {
  return join(repoRoot, 'conformance', 'schemas');
}

/** Builds a checker for one protocol revision, or explains why it cannot. */
export function clientMessageChecker(repoRoot: string, version: string): MessageChecker | { unavailable: string } {
  const file = join(schemaDir(repoRoot), version, 'schema.json');
  if (!existsSync(file)) return { unavailable: `no schema for protocol version ${version} at ${file}` };
  const schema = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  const is2020 = String(schema.$schema ?? '').includes('2020-12');
  const options = { strict: false, allErrors: false, validateSchema: false } as const;
  const ajv = is2020 ? new Ajv2020(options) : new Ajv(options);
  addFormats(ajv);
  ajv.addSchema(schema, 'mcp');
  const defs = is2020 ? '$defs' : 'definitions';
  const get = (name: string): ValidateFunction | undefined => {
    const table = schema[defs] as Record<string, unknown> | undefined;
    return table && name in table ? ajv.getSchema(`mcp#/${defs}/${name}`) : undefined;
  };
  const envelope = get('JSONRPCMessage');
  const request = get('ClientRequest');
  const notification = get('ClientNotification');
  const result = get('ClientResult');
  const run = (v: ValidateFunction | undefined, value: unknown, what: string): string[] => {
    if (!v || v(value)) return [];
    const e = v.errors?.[0];
    return [`not a valid ${what} (${version}): ${e ? `${e.instancePath || '/'} ${e.message}` : 'invalid'}`];
  };
  return (msg, answering) => {
    const problems = run(envelope, msg, 'JSONRPCMessage');
    const { kind } = classify(msg);
    const m = msg as Record<string, unknown>;
    if (kind === 'request') problems.push(...run(request, msg, `ClientRequest (${String(m.method)})`));
    if (kind === 'notification') problems.push(...run(notification, msg, `ClientNotification (${String(m.method)})`));
    if (kind === 'response' && 'result' in m) {
      const specific = answering ? RESULT_TYPES[answering] : undefined;
      const v = specific ? get(specific) : undefined;
      problems.push(...(v ? run(v, m.result, `${specific} (answer to ${answering})`) : run(result, m.result, 'ClientResult')));
    }
    return problems;
  };
}
