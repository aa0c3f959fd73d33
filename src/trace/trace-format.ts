// Trace file format (JSON Lines): the line types, a parser with line-numbered errors, and a serialiser.
// Pure: no I/O, so the recorder, replayer, suite and tests share one definition of a trace.
import { TraceFormatError } from './errors.js';

/** Version tag written in every header; bump it when a line type changes incompatibly. */
export const TRACE_FORMAT = 'mcp-bridge-trace/1';

/** First line of a trace: what was recorded, with what, and what was negotiated. */
export interface TraceHeader {
  type: 'header';
  format: typeof TRACE_FORMAT;
  /** npm package and version of the server, when known (from the command's package.json). */
  server: { package?: string; version?: string };
  /** serverInfo from the initialize result, as the server reported it. */
  serverInfo?: unknown;
  /** The server command line; paths inside may be masked by placeholders such as ${ROOT}. */
  command: string[];
  /** protocolVersion from the initialize result; undefined if the session never initialised. */
  protocolVersion?: string;
  /** ISO-8601 time the recording started. */
  date: string;
  /** Placeholder names used in this trace (e.g. ROOT), which a replay may substitute. */
  placeholders?: string[];
  /** Free-form description written by the recording script. */
  description?: string;
}

/** A JSON-RPC message that crossed the wire, client → server or server → client. */
export interface TraceMessage {
  type: 'message';
  dir: 'c2s' | 's2c';
  /** Milliseconds since the recording started. */
  t: number;
  /** The parsed message; absent when the line was not valid JSON (then `raw` holds it). */
  msg?: unknown;
  raw?: string;
}

/** One line the server wrote on stderr (without its newline). */
export interface TraceStderr {
  type: 'stderr';
  t: number;
  text: string;
}

/** The client closed the server's stdin. */
export interface TraceEof {
  type: 'eof';
  t: number;
}

/** The server process ended. */
export interface TraceExit {
  type: 'exit';
  t: number;
  code: number | null;
  signal: string | null;
}

export type TraceEvent = TraceMessage | TraceStderr | TraceEof | TraceExit;

/** A whole trace: its header and its events in recording order. */
export interface Trace {
  header: TraceHeader;
  events: TraceEvent[];
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function checkEvent(v: Record<string, unknown>, line: number): TraceEvent {
  if (typeof v.t !== 'number') throw new TraceFormatError(line, 'missing numeric "t"');
  switch (v.type) {
    case 'message':
      if (v.dir !== 'c2s' && v.dir !== 's2c') throw new TraceFormatError(line, '"dir" must be "c2s" or "s2c"');
      if (!('msg' in v) && typeof v.raw !== 'string') throw new TraceFormatError(line, 'message needs "msg" or "raw"');
      return v as unknown as TraceMessage;
    case 'stderr':
      if (typeof v.text !== 'string') throw new TraceFormatError(line, 'stderr needs a string "text"');
      return v as unknown as TraceStderr;
    case 'eof':
      return v as unknown as TraceEof;
    case 'exit':
      return v as unknown as TraceExit;
    default:
      throw new TraceFormatError(line, `unknown line type ${JSON.stringify(v.type)}`);
  }
}

/** Parses a whole trace file's text. Blank lines are ignored. */
export function parseTrace(text: string): Trace {
  const lines = text.split('\n');
  let header: TraceHeader | undefined;
  const events: TraceEvent[] = [];
  lines.forEach((raw, i) => {
    if (raw.trim() === '') return;
    let v: unknown;
    try {
      v = JSON.parse(raw);
    } catch (e) {
      throw new TraceFormatError(i + 1, `not JSON (${(e as Error).message})`);
    }
    if (!isObject(v)) throw new TraceFormatError(i + 1, 'a line must be a JSON object');
    if (header === undefined) {
      if (v.type !== 'header' || v.format !== TRACE_FORMAT) {
        throw new TraceFormatError(i + 1, `first line must be a header with format "${TRACE_FORMAT}"`);
      }
      header = v as unknown as TraceHeader;
      return;
    }
    events.push(checkEvent(v, i + 1));
  });
  if (header === undefined) throw new TraceFormatError(1, 'empty trace: no header line');
  return { header, events };
}

/** Serialises a trace to JSON Lines, header first, one event per line, trailing newline. */
export function serializeTrace(trace: Trace): string {
  return [trace.header, ...trace.events].map((l) => JSON.stringify(l)).join('\n') + '\n';
}

/** Replaces every `${NAME}` in all strings of a value (deep) with vars[NAME]; unknown names stay. */
export function expandPlaceholders<T>(value: T, vars: Record<string, string>): T {
  if (Object.keys(vars).length === 0) return value;
  const re = /\$\{([A-Z0-9_]+)\}/g;
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') return v.replace(re, (m, name: string) => vars[name] ?? m);
    if (Array.isArray(v)) return v.map(walk);
    if (isObject(v)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [walk(k) as string, walk(x)]));
    return v;
  };
  return walk(value) as T;
}
