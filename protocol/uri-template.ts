// RFC 6570 URI templates, levels 1 to 4: expansion (so a caller can fill in a resource template)
// and a matcher (so a URI can be checked against the templates a server listed, and its variables
// read back). Pure. Expansion follows the RFC's §3.2 and Appendix A; the matcher is a documented
// best-effort inverse, since the RFC itself says not every template can be read backwards (§1.4).
import { McpBridgeError } from './errors/base.js';

/** A URI template does not follow the RFC 6570 syntax. `context.template` holds it, `context.server` its server when known. */
export class UriTemplateError extends McpBridgeError {
  constructor(template: string, problem: string, server?: string) {
    super('MCPB_URI_TEMPLATE_INVALID', `${server ? `server "${server}": ` : ''}URI template ${JSON.stringify(template)} ${problem}`, {
      ...(server ? { server } : {}),
      template,
      hint: 'expressions are {var}, {+var}, {#var}, {.var}, {/var}, {;var}, {?var} or {&var}, with :n (prefix) or * (explode) after a name; report the template to the server author',
    });
  }
}

/** A value: a string (numbers and booleans are written as text), a list, or an associative array (level 4). */
export type UriTemplateValue =
  | string
  | number
  | boolean
  | null
  | undefined
  | readonly (string | number | boolean)[]
  | { readonly [key: string]: string | number | boolean | null | undefined };

/** Values to expand with; `undefined`, `null`, an empty list or an empty map leaves the variable out (RFC 6570 §2.3, §3.2.1). */
export type UriTemplateValues = Readonly<Record<string, UriTemplateValue>>;

/** What {@link matchUriTemplate} reads back: a string per variable, a list for an exploded one. */
export type UriTemplateMatch = Record<string, string | string[]>;

interface Operator {
  first: string;
  sep: string;
  named: boolean;
  ifEmpty: string;
  reserved: boolean;
}

// RFC 6570 Appendix A, the table of operator behaviour.
const OPERATORS: Record<string, Operator> = {
  '': { first: '', sep: ',', named: false, ifEmpty: '', reserved: false },
  '+': { first: '', sep: ',', named: false, ifEmpty: '', reserved: true },
  '#': { first: '#', sep: ',', named: false, ifEmpty: '', reserved: true },
  '.': { first: '.', sep: '.', named: false, ifEmpty: '', reserved: false },
  '/': { first: '/', sep: '/', named: false, ifEmpty: '', reserved: false },
  ';': { first: ';', sep: ';', named: true, ifEmpty: '', reserved: false },
  '?': { first: '?', sep: '&', named: true, ifEmpty: '=', reserved: false },
  '&': { first: '&', sep: '&', named: true, ifEmpty: '=', reserved: false },
};

interface VarSpec {
  name: string;
  explode: boolean;
  /** Level-4 prefix `:n`, 1 to 9999 characters. */
  prefix?: number;
}

type Part = { literal: string } | { op: Operator; opChar: string; specs: VarSpec[] };

// §2.3: varname = varchar *( ["."] varchar ), varchar = ALPHA / DIGIT / "_" / pct-encoded.
const VARNAME = /^(?:[A-Za-z0-9_]|%[0-9A-Fa-f]{2})(?:\.?(?:[A-Za-z0-9_]|%[0-9A-Fa-f]{2}))*$/;
// §2.4.1: max-length = %x31-39 0*3DIGIT.
const MAX_LENGTH = /^[1-9][0-9]{0,3}$/;

const cache = new Map<string, Part[]>();
const CACHE_MAX = 256;

function parse(template: string, server?: string): Part[] {
  const hit = cache.get(template);
  if (hit) return hit;
  const parts = parseUncached(template, server);
  if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value!);
  cache.set(template, parts);
  return parts;
}

function parseUncached(template: string, server?: string): Part[] {
  const fail = (problem: string) => new UriTemplateError(template, problem, server);
  const parts: Part[] = [];
  let i = 0;
  while (i < template.length) {
    const open = template.indexOf('{', i);
    const literal = template.slice(i, open === -1 ? undefined : open);
    if (literal.includes('}')) throw fail('has a "}" without a matching "{"');
    if (literal) parts.push({ literal });
    if (open === -1) break;
    const close = template.indexOf('}', open);
    if (close === -1) throw fail('has a "{" that is never closed');
    let body = template.slice(open + 1, close);
    if (body.includes('{')) throw fail(`has a "{" inside the expression "${template.slice(open, close + 1)}"`);
    const opChar = body[0] !== undefined && '+#./;?&'.includes(body[0]) ? body[0] : '';
    if (opChar) body = body.slice(1);
    if ('=,!@|'.includes(body[0] ?? '') && body !== '') throw fail(`uses the operator "${body[0]}", which RFC 6570 reserves for future use`);
    if (body === '') throw fail(`has an empty expression "${template.slice(open, close + 1)}"`);
    const specs = body.split(',').map((raw): VarSpec => {
      let name = raw;
      let explode = false;
      let prefix: number | undefined;
      if (name.endsWith('*')) {
        explode = true;
        name = name.slice(0, -1);
      } else {
        const colon = name.indexOf(':');
        if (colon >= 0) {
          const digits = name.slice(colon + 1);
          if (!MAX_LENGTH.test(digits)) throw fail(`has the prefix ":${digits}" in "{${opChar}${body}}"; a prefix is a whole number from 1 to 9999`);
          prefix = Number(digits);
          name = name.slice(0, colon);
        }
      }
      if (!VARNAME.test(name)) throw fail(`has an invalid variable name ${JSON.stringify(name)} in "{${opChar}${body}}"`);
      return prefix === undefined ? { name, explode } : { name, explode, prefix };
    });
    parts.push({ op: OPERATORS[opChar]!, opChar, specs });
    i = close + 1;
  }
  return parts;
}

const UNRESERVED = /[A-Za-z0-9\-._~]/;
const RESERVED = /[:/?#[\]@!$&'()*+,;=]/;

// Unreserved characters pass; with `reserved`, reserved ones and existing %XX triplets pass too
// (§3.2.1). Everything else is pct-encoded as UTF-8 octets.
function encode(value: string, reserved: boolean): string {
  let out = '';
  const chars = [...value];
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i]!;
    if (UNRESERVED.test(c) || (reserved && RESERVED.test(c))) {
      out += c;
      continue;
    }
    if (reserved && c === '%' && /^[0-9A-Fa-f]{2}$/.test((chars[i + 1] ?? '') + (chars[i + 2] ?? ''))) {
      out += c;
      continue;
    }
    out += encodeURIComponent(c).replace(/[!'()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);
  }
  return out;
}

const isList = (v: UriTemplateValue): v is readonly (string | number | boolean)[] => Array.isArray(v);
const isMap = (v: UriTemplateValue): v is { readonly [key: string]: string | number | boolean | null | undefined } =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The defined (name, value) pairs of a map, in insertion order. */
function definedPairs(map: { readonly [key: string]: string | number | boolean | null | undefined }): [string, string][] {
  const out: [string, string][] = [];
  for (const [k, v] of Object.entries(map)) if (v !== undefined && v !== null) out.push([k, String(v)]);
  return out;
}

// One varspec's expansion without the operator's leading character (Appendix A); undefined when
// the variable is undefined (absent, null, an empty list or a map without a defined member).
function expandSpec(spec: VarSpec, op: Operator, value: UriTemplateValue): string | undefined {
  if (value === undefined || value === null) return undefined;
  const enc = (s: string) => encode(s, op.reserved);
  const named = (name: string, encoded: string) => (encoded === '' ? name + op.ifEmpty : `${name}=${encoded}`);
  if (!isList(value) && !isMap(value)) {
    let text = String(value);
    // §2.4.1: the prefix counts characters (code points), never splitting one.
    if (spec.prefix !== undefined) text = [...text].slice(0, spec.prefix).join('');
    return op.named ? named(spec.name, enc(text)) : enc(text);
  }
  // A prefix does not apply to a composite value (§2.4.1); it is ignored rather than fatal.
  if (isList(value)) {
    if (value.length === 0) return undefined;
    const members = value.map((m) => enc(String(m)));
    if (!spec.explode) return op.named ? named(spec.name, members.join(',')) : members.join(',');
    return op.named ? members.map((m) => named(spec.name, m)).join(op.sep) : members.join(op.sep);
  }
  const pairs = definedPairs(value);
  if (pairs.length === 0) return undefined;
  if (!spec.explode) {
    const joined = pairs.map(([k, v]) => `${enc(k)},${enc(v)}`).join(',');
    return op.named ? named(spec.name, joined) : joined;
  }
  // §3.2.1: exploded pairs are "name=value", or "name" alone for an empty value unless form-style.
  const formStyle = op.ifEmpty === '=';
  return pairs.map(([k, v]) => (v === '' && !formStyle ? enc(k) : `${enc(k)}=${enc(v)}`)).join(op.sep);
}

/**
 * Expands an RFC 6570 template, levels 1 to 4: every operator (`+ # . / ; ? &`), prefixes (`{var:3}`)
 * and explosion (`{/path*}`) of lists and associative arrays (plain objects, in key order).
 * @example expandUriTemplate('repo://{owner}/{repo}/contents{/path*}', { owner: 'o', repo: 'r', path: ['src', 'index.ts'] }) // 'repo://o/r/contents/src/index.ts'
 * @throws UriTemplateError (`MCPB_URI_TEMPLATE_INVALID`) for a template that does not follow the syntax.
 */
export function expandUriTemplate(template: string, values: UriTemplateValues): string {
  let out = '';
  for (const part of parse(template)) {
    if ('literal' in part) {
      out += encode(part.literal, true);
      continue;
    }
    const pieces: string[] = [];
    for (const spec of part.specs) {
      const piece = expandSpec(spec, part.op, values[spec.name]);
      if (piece !== undefined) pieces.push(piece);
    }
    if (pieces.length > 0) out += part.op.first + pieces.join(part.op.sep);
  }
  return out;
}

/** The variable names of a template, in order, each once. @throws UriTemplateError */
export function uriTemplateVariables(template: string): string[] {
  const names = new Set<string>();
  for (const part of parse(template)) if (!('literal' in part)) for (const s of part.specs) names.add(s.name);
  return [...names];
}

/** Throws {@link UriTemplateError} (naming `server` when given) unless `template` follows RFC 6570. */
export function checkUriTemplate(template: string, server?: string): void {
  parse(template, server);
}

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// What one value may hold once expanded: unreserved characters and %XX triplets, plus, for `+` and
// `#`, reserved characters other than the separator. A `.` value holds no dot (dots separate labels).
// The last variable of an expression may also hold commas (a list expanded without `*`) and, under
// `.`, dots: nothing after it in the expression could claim them.
function valuePattern(opChar: string, op: Operator, prefix: number | undefined, last: boolean): string {
  const extra = last ? (opChar === '.' ? ',.' : ',') : '';
  const unit = op.reserved
    ? `(?:[A-Za-z0-9\\-._~:/?#[\\]@!$&'()*+;=${last ? ',' : ''}]|%[0-9A-Fa-f]{2})`
    : `(?:[A-Za-z0-9\\-_~${opChar === '.' ? '' : '.'}${escapeClass(extra)}]|%[0-9A-Fa-f]{2})`;
  return prefix === undefined ? `${unit}*${op.reserved ? '?' : ''}` : `${unit}{0,${prefix}}`;
}

const escapeClass = (s: string) => s.replace(/[\\\]^-]/g, '\\$&');

// One member of an exploded variable: a value, or a `name=value` pair (a list under `;`, `?`, `&`
// pairs each member with the variable's name; an associative array pairs it with its own key).
function memberPattern(opChar: string, op: Operator): string {
  const value = valuePattern(opChar, op, undefined, false);
  const key = '(?:[A-Za-z0-9\\-._~]|%[0-9A-Fa-f]{2})+';
  // `+` and `#` values already hold `=`.
  return op.named ? `${key}(?:=${value})?` : op.reserved ? value : `${value}(?:=${value})?`;
}

interface Group {
  spec: VarSpec;
  op: Operator;
}

/**
 * Whether `uri` is an expansion of `template`; returns the variables, percent-decoded, when it is.
 * A plain variable reads back as a string; an exploded one (`{/path*}`, `{?list*}`) as the list of
 * its members. Limits, as RFC 6570 §1.4 warns: a value holding its operator's separator (a `,`, or
 * a `.` under `{.var}`) is not split back; an exploded associative array reads back as its
 * `name=value` members; query parameters must come in the template's order; when a variable
 * appears twice (`{var:1}/{var}`), the full value wins and the prefix must agree with it.
 * @throws UriTemplateError (`MCPB_URI_TEMPLATE_INVALID`) for a template that does not follow the syntax.
 */
export function matchUriTemplate(template: string, uri: string): UriTemplateMatch | undefined {
  const matcher = compileMatcher(template);
  // Cheap checks first: the backtracking search below is slow on long URIs that fail late.
  if (uri.length > MAX_MATCH_LENGTH || !uri.startsWith(matcher.head) || !uri.endsWith(matcher.tail) || !URI_TEXT.test(uri)) return undefined;
  const m = matcher.regex.exec(uri);
  if (!m) return undefined;
  const out: UriTemplateMatch = {};
  const prefixes: [string, string][] = [];
  matcher.groups.forEach(({ spec, op }, i) => {
    const raw = m[i + 1];
    // Empty and undefined expand alike when nothing leads the value: report neither.
    if (raw === undefined || (raw === '' && op.first === '' && !op.named)) return;
    if (spec.explode) {
      const members = raw.split(op.sep).map((member) => (op.named ? member.replace(new RegExp(`^${escapeRegex(spec.name)}(?:=|$)`), '') : member));
      out[spec.name] = members.map(safeDecode);
    } else if (spec.prefix !== undefined) prefixes.push([spec.name, safeDecode(raw)]);
    else out[spec.name] = safeDecode(raw);
  });
  for (const [name, value] of prefixes) {
    const full = out[name];
    if (full === undefined) out[name] = value;
    else if (typeof full !== 'string' || !full.startsWith(value)) return undefined;
  }
  return out;
}

// An expansion holds only URI characters, with every "%" starting a triplet.
const URI_TEXT = /^(?:[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=]|%[0-9A-Fa-f]{2})*$/;

/** Longest URI {@link matchUriTemplate} considers; longer ones match nothing. */
export const MAX_MATCH_LENGTH = 8192;

interface Matcher {
  regex: RegExp;
  groups: Group[];
  /** The template's leading and trailing literal text, as expanded: every match starts and ends so. */
  head: string;
  tail: string;
}

const matchers = new Map<string, Matcher>();

function compileMatcher(template: string): Matcher {
  const hit = matchers.get(template);
  if (hit) return hit;
  const parts = parse(template);
  const groups: Group[] = [];
  let pattern = '^';
  let afterExpression = false;
  for (const part of parts) {
    if ('literal' in part) {
      pattern += escapeRegex(encode(part.literal, true));
      afterExpression = false;
      continue;
    }
    const { op, opChar } = part;
    const follows = afterExpression;
    afterExpression = true;
    part.specs.forEach((spec, index) => {
      // Any variable may be undefined, so each one's lead is the operator's first character or,
      // after one that was present, the separator.
      const lead = index === 0 ? escapeRegex(op.first) : op.first === '' ? escapeRegex(op.sep) : `(?:${escapeRegex(op.first)}|${escapeRegex(op.sep)})`;
      const value = valuePattern(opChar, op, spec.prefix, index === part.specs.length - 1);
      const name = escapeRegex(spec.name);
      const one = memberPattern(opChar, op);
      // An exploded variable is one or more members joined by the separator, captured whole.
      let body = spec.explode ? `(${one}(?:${escapeRegex(op.sep)}${one})*)` : op.named ? `${name}(?:=(${value}))?` : `(${value})`;
      // A simple value right after another expression, with nothing between them, takes all it can
      // and never gives it back (an atomic group: lookahead and backreference): the earlier one still
      // backtracks, so a match is found when the later one ends at a character it cannot hold, and a
      // run of such values fails in quadratic rather than exponential time.
      if (follows && index === 0 && lead === '' && !op.reserved && !spec.explode) body = `(?=(${value}))\\${groups.length + 1}`;
      groups.push({ spec, op });
      // Without a lead the group matches the empty string anyway: an optional wrapper around it
      // would double every way of matching nothing and make failures backtrack exponentially.
      pattern += lead === '' ? body : `(?:${lead}${body})?`;
    });
  }
  const first = parts[0];
  const last = parts.length > 1 ? parts[parts.length - 1] : undefined;
  const matcher: Matcher = {
    regex: new RegExp(`${pattern}$`),
    groups,
    head: first && 'literal' in first ? encode(first.literal, true) : '',
    tail: last && 'literal' in last ? encode(last.literal, true) : '',
  };
  if (matchers.size >= CACHE_MAX) matchers.delete(matchers.keys().next().value!);
  matchers.set(template, matcher);
  return matcher;
}

function safeDecode(v: string): string {
  try {
    return decodeURIComponent(v);
  } catch {
    return v;
  }
}
