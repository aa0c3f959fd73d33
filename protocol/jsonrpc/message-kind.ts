// The shape checks behind classifyMessage, without its result object: a session classifies every
// message it receives, so the common case allocates nothing. Not part of the protocol entry's API.
import { MAX_MESSAGE_DEPTH, nestsDeeperThan } from './depth.js';

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function isValidId(id: unknown): id is string | number {
  return typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id));
}

/** The kind of a valid message, as {@link messageKindOf} names it. */
export type MessageKind = 'request' | 'notification' | 'result' | 'error';

/**
 * `classifyMessage` without the result object: the kind of a valid message (the value itself is
 * then that message), or why it is invalid. A session classifies every message it receives, so the
 * common case allocates nothing. `shallow`: the value was parsed from a text too short to nest past
 * {@link MAX_MESSAGE_DEPTH} (`MAX_SHALLOW_TEXT_LENGTH` characters or fewer), so its depth is not walked.
 */
export function messageKindOf(value: unknown, shallow = false): MessageKind | { invalid: string } {
  // The answer to a request, by far the commonest message, decided in a few bytecodes: TurboFan inlines
  // a function into its caller only while the bytecode inlined there stays within a budget, and this
  // one runs at the bottom of the session's receive path. The same checks as below, in their order.
  if (
    shallow &&
    isObject(value) &&
    value.jsonrpc === '2.0' &&
    typeof value.method !== 'string' &&
    'result' in value &&
    isValidId(value.id) &&
    isObject(value.result)
  )
    return 'result';
  return kindOf(value, shallow);
}

function kindOf(value: unknown, shallow: boolean): MessageKind | { invalid: string } {
  if (!isObject(value)) return { invalid: 'a JSON-RPC message must be a JSON object' };
  if (value.jsonrpc !== '2.0') return { invalid: 'missing or wrong "jsonrpc" member (must be "2.0")' };
  if (!shallow && nestsDeeperThan(value, MAX_MESSAGE_DEPTH)) {
    return { invalid: `the message nests objects or arrays more than ${MAX_MESSAGE_DEPTH} levels deep, beyond what mcp-bridge reads` };
  }
  const hasId = 'id' in value && value.id !== undefined;
  if (typeof value.method === 'string') {
    if (value.params !== undefined && !isObject(value.params)) return { invalid: `"params" of ${value.method} must be an object` };
    if (!hasId) return 'notification';
    if (!isValidId(value.id)) return { invalid: 'request "id" must be a string or a number' };
    return 'request';
  }
  if ('result' in value) {
    if (!isValidId(value.id)) return { invalid: 'response "id" must be a string or a number' };
    if (!isObject(value.result)) return { invalid: '"result" must be an object' };
    return 'result';
  }
  if ('error' in value) {
    const e = value.error;
    if (!isObject(e) || typeof e.code !== 'number' || typeof e.message !== 'string') {
      return { invalid: '"error" must be an object with a numeric "code" and a string "message"' };
    }
    if (value.id !== undefined && value.id !== null && !isValidId(value.id)) return { invalid: 'error response "id" must be a string, a number or null' };
    return 'error';
  }
  return { invalid: 'neither a request, a notification nor a response' };
}
