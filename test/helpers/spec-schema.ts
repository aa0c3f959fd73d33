// Validates messages against the official MCP JSON schema of the negotiated revision
// (conformance/schemas/<version>/schema.json in this repository), and a tap that checks every message a transport
// sends or receives during a test.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import AjvDraft07 from 'ajv';
import Ajv2020Module from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { JsonRpcMessage } from '../../protocol/index.js';
import type { Transport } from '../../src/transports/transport.js';
import { schemasDir } from './paths.js';

type AjvLike = {
  addSchema(s: object, key: string): unknown;
  getSchema(ref: string): (((v: unknown) => boolean) & { errors?: unknown[] | null }) | undefined;
  errorsText(e?: unknown[] | null): string;
};
const Ajv07 = AjvDraft07 as unknown as new (o: object) => AjvLike;
const Ajv2020 = (Ajv2020Module as unknown as { default: new (o: object) => AjvLike }).default ?? (Ajv2020Module as unknown as new (o: object) => AjvLike);
const addFormats = ((addFormatsModule as unknown as { default?: (a: AjvLike) => void }).default ?? addFormatsModule) as unknown as (a: AjvLike) => void;

/** Definition names of each method's request (or notification) and result. */
const DEFS: Record<string, { request: string; result?: string }> = {
  initialize: { request: 'InitializeRequest', result: 'InitializeResult' },
  'notifications/initialized': { request: 'InitializedNotification' },
  ping: { request: 'PingRequest', result: 'EmptyResult' },
  'tools/list': { request: 'ListToolsRequest', result: 'ListToolsResult' },
  'tools/call': { request: 'CallToolRequest', result: 'CallToolResult' },
  'notifications/cancelled': { request: 'CancelledNotification' },
  'notifications/progress': { request: 'ProgressNotification' },
  'notifications/message': { request: 'LoggingMessageNotification' },
  'notifications/tools/list_changed': { request: 'ToolListChangedNotification' },
  'notifications/prompts/list_changed': { request: 'PromptListChangedNotification' },
  'notifications/resources/list_changed': { request: 'ResourceListChangedNotification' },
  'notifications/resources/updated': { request: 'ResourceUpdatedNotification' },
  'notifications/roots/list_changed': { request: 'RootsListChangedNotification' },
  'roots/list': { request: 'ListRootsRequest', result: 'ListRootsResult' },
  'sampling/createMessage': { request: 'CreateMessageRequest', result: 'CreateMessageResult' },
  'elicitation/create': { request: 'ElicitRequest', result: 'ElicitResult' },
  'logging/setLevel': { request: 'SetLevelRequest', result: 'EmptyResult' },
  'resources/list': { request: 'ListResourcesRequest', result: 'ListResourcesResult' },
  'resources/templates/list': { request: 'ListResourceTemplatesRequest', result: 'ListResourceTemplatesResult' },
  'resources/read': { request: 'ReadResourceRequest', result: 'ReadResourceResult' },
  'resources/subscribe': { request: 'SubscribeRequest', result: 'EmptyResult' },
  'resources/unsubscribe': { request: 'UnsubscribeRequest', result: 'EmptyResult' },
  'prompts/list': { request: 'ListPromptsRequest', result: 'ListPromptsResult' },
  'prompts/get': { request: 'GetPromptRequest', result: 'GetPromptResult' },
  'completion/complete': { request: 'CompleteRequest', result: 'CompleteResult' },
  // Tasks (2025-11-25): a task-augmented tools/call is answered with a CreateTaskResult.
  'tools/call#task': { request: 'CallToolRequest', result: 'CreateTaskResult' },
  'tasks/get': { request: 'GetTaskRequest', result: 'GetTaskResult' },
  'tasks/result': { request: 'GetTaskPayloadRequest', result: 'GetTaskPayloadResult' },
  'tasks/cancel': { request: 'CancelTaskRequest', result: 'CancelTaskResult' },
  'tasks/list': { request: 'ListTasksRequest', result: 'ListTasksResult' },
  'notifications/tasks/status': { request: 'TaskStatusNotification' },
  'notifications/elicitation/complete': { request: 'ElicitationCompleteNotification' },
  // 2026-07-28 (modern era)
  'server/discover': { request: 'DiscoverRequest', result: 'DiscoverResult' },
  'subscriptions/listen': { request: 'SubscriptionsListenRequest', result: 'SubscriptionsListenResult' },
  'notifications/subscriptions/acknowledged': { request: 'SubscriptionsAcknowledgedNotification' },
};

const cache = new Map<string, SpecValidator>();

export interface SpecValidator {
  version: string;
  /** Problems with one message (empty when valid). `method` names the request a response answers. */
  check(message: unknown, method?: string): string[];
}

/** The validator of one revision, e.g. `specValidator('2025-11-25')`. */
export function specValidator(version: string): SpecValidator {
  const hit = cache.get(version);
  if (hit) return hit;
  const schema = JSON.parse(readFileSync(join(schemasDir, version, 'schema.json'), 'utf8'));
  relaxElicitNumbers(schema);
  const modern = '$defs' in schema;
  const ajv = modern ? new Ajv2020({ strict: false, allErrors: true }) : new Ajv07({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema(schema, 'mcp');
  const defsKey = modern ? '$defs' : 'definitions';
  const run = (def: string, value: unknown): string[] => {
    const v = ajv.getSchema(`mcp#/${defsKey}/${def}`);
    if (!v) return [`schema ${version} has no definition ${def}`];
    return v(value) ? [] : [`${def}: ${ajv.errorsText(v.errors)}`];
  };
  // Up to 2025-06-18 request definitions cover only method + params; from 2025-11-25 the envelope too.
  const envelopeInDefs = version >= '2025-11-25';
  const validator: SpecValidator = {
    version,
    check(message, method) {
      const problems = run('JSONRPCMessage', message);
      const m = message as Record<string, unknown>;
      if (typeof m.method === 'string') {
        const defs = DEFS[m.method];
        if (!defs) return problems;
        const body = envelopeInDefs ? m : { method: m.method, ...(m.params === undefined ? {} : { params: m.params }) };
        problems.push(...run(defs.request, body));
      } else if ('result' in m && method && DEFS[method]?.result) {
        // 2026-07-28 MRTR: tools/call, prompts/get and resources/read may answer input_required instead.
        const inputRequired = modern && (m.result as Record<string, unknown> | null)?.resultType === 'input_required';
        problems.push(...run(inputRequired ? 'InputRequiredResult' : DEFS[method].result!, m.result));
      }
      return problems;
    },
  };
  cache.set(version, validator);
  return validator;
}

// The published JSON files type elicitation answers as string | integer | boolean, while their
// normative TypeScript source, the NumberSchema fields a server may request (`type: "number"`), the
// official servers' own defaults (3.14) and the conformance suite (score 95.5) all use any number.
// Only that one derived type is widened, so everything else stays checked as published.
function relaxElicitNumbers(schema: Record<string, any>): void {
  const defs = schema.$defs ?? schema.definitions;
  const values = defs?.ElicitResult?.properties?.content?.additionalProperties;
  if (!values) return;
  const widen = (node: Record<string, any>) => {
    if (Array.isArray(node.type)) node.type = node.type.map((t: string) => (t === 'integer' ? 'number' : t));
  };
  widen(values);
  for (const branch of values.anyOf ?? []) widen(branch);
}

/** Records every message through a transport, both ways, and validates them all against the schema. */
export class SchemaTap {
  readonly sent: JsonRpcMessage[] = [];
  readonly received: unknown[] = [];

  constructor(transport: Transport) {
    const send = transport.send.bind(transport);
    transport.send = (message, options) => {
      this.sent.push(message);
      return send(message, options);
    };
    // Requests on the hot path leave through the promise-free fire() where the transport has one.
    const fire = transport.fire?.bind(transport);
    if (fire) {
      transport.fire = (message) => {
        this.sent.push(message);
        fire(message);
      };
    }
    transport.events.on('message', (m) => this.received.push(m));
  }

  /**
   * All schema problems, for the version the session negotiated. A request that names its own
   * revision in `_meta` (the 2026-07-28 envelope, e.g. the era probe sent to a legacy server) is
   * checked, with its answer, against that revision instead.
   */
  problems(version: string): string[] {
    const ourRequests = new Map<unknown, { method: string; version: string }>();
    const theirRequests = new Map<unknown, string>();
    const own = (m: unknown): string | undefined => {
      const v = ((m as { params?: { _meta?: Record<string, unknown> } })?.params?._meta ?? {})['io.modelcontextprotocol/protocolVersion'];
      return typeof v === 'string' ? v : undefined;
    };
    for (const m of this.sent)
      if ('method' in m && 'id' in m)
        ourRequests.set(m.id, {
          method: m.method === 'tools/call' && (m.params as { task?: unknown } | undefined)?.task ? 'tools/call#task' : m.method,
          version: own(m) ?? version,
        });
    for (const m of this.received as Record<string, unknown>[]) if (typeof m?.method === 'string' && 'id' in m) theirRequests.set(m.id, m.method);
    const out: string[] = [];
    for (const m of this.sent) {
      const v = specValidator('method' in m ? (own(m) ?? version) : version);
      for (const p of v.check(m, 'id' in m ? theirRequests.get(m.id) : undefined)) out.push(`sent ${JSON.stringify(m).slice(0, 160)}: ${p}`);
    }
    for (const m of this.received as Record<string, unknown>[]) {
      const ours = 'id' in m && typeof m.method !== 'string' ? ourRequests.get(m.id) : undefined;
      const v = specValidator(ours?.version ?? own(m) ?? version);
      for (const p of v.check(m, ours?.method)) out.push(`received ${JSON.stringify(m).slice(0, 160)}: ${p}`);
    }
    return out;
  }
}
