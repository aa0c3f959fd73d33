// RFC 6570 URI templates, levels 1 to 3: expansion (so a caller can fill in a resource template)
// and a matcher (so a URI can be checked against the templates a server listed). Pure; level-4
// modifiers (prefix `:n`, explode `*`) and list or map values are refused, not half-supported.
import { McpBridgeError } from './errors/base.js';

/** A URI template is malformed or uses RFC 6570 level-4 features. */
export class UriTemplateError extends McpBridgeError {
  constructor(template: string, problem: string) {
    super('MCPB_URI_TEMPLATE_INVALID', `URI template ${JSON.stringify(template)} ${problem}`, {
      template,
      hint: 'only RFC 6570 levels 1-3 are supported: {var}, {+var}, {#var}, {.var}, {/var}, {;var}, {?var}, {&var}',
    });
  }
}

/** Values to expand with; `undefined` (or a missing key) leaves the variable out (RFC 6570 §3.2.1). */
export type UriTemplateValues = Record<string, string | number | boolean | undefined>;

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

type Part = { literal: string } | { op: Operator; opChar: string; names: string[] };

const VARNAME = /^(?:[A-Za-z0-9_]|%[0-9A-Fa-f]{2})(?:\.?(?:[A-Za-z0-9_]|%[0-9A-Fa-f]{2}))*$/;

function parse(template: string): Part[] {
  const parts: Part[] = [];
  let i = 0;
  while (i < template.length) {
    const open = template.indexOf('{', i);
    const literal = template.slice(i, open === -1 ? undefined : open);
    if (literal.includes('}')) throw new UriTemplateError(template, 'has a "}" without a matching "{"');
    if (literal) parts.push({ literal });
    if (open === -1) break;
    const close = template.indexOf('}', open);
    if (close === -1) throw new UriTemplateError(template, 'has a "{" that is never closed');
    let body = template.slice(open + 1, close);
    const opChar = body[0] !== undefined && '+#./;?&'.includes(body[0]) ? body[0] : '';
    if (opChar) body = body.slice(1);
    if ('=,!@|'.includes(body[0] ?? '')) throw new UriTemplateError(template, `uses the reserved operator "${body[0]}"`);
    const names = body.split(',');
    for (const name of names) {
      if (/[:*]/.test(name)) throw new UriTemplateError(template, `uses a level-4 modifier in "{${opChar}${body}}"`);
      if (!VARNAME.test(name)) throw new UriTemplateError(template, `has an invalid variable name ${JSON.stringify(name)}`);
    }
    parts.push({ op: OPERATORS[opChar]!, opChar, names });
    i = close + 1;
  }
  return parts;
}

const UNRESERVED = /[A-Za-z0-9\-._~]/;
const RESERVED = /[:/?#[\]@!$&'()*+,;=]/;

// Unreserved characters pass; with `reserved`, reserved ones and existing %XX triplets pass too.
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

/**
 * Expands an RFC 6570 template (levels 1-3).
 * @example expandUriTemplate('demo://resource/dynamic/text/{resourceId}', { resourceId: 3 }) // 'demo://resource/dynamic/text/3'
 * @throws UriTemplateError (`MCPB_URI_TEMPLATE_INVALID`) for a malformed or level-4 template.
 */
export function expandUriTemplate(template: string, values: UriTemplateValues): string {
  let out = '';
  for (const part of parse(template)) {
    if ('literal' in part) {
      out += encode(part.literal, true);
      continue;
    }
    const { op } = part;
    const pieces: string[] = [];
    for (const name of part.names) {
      const raw = values[name];
      if (raw === undefined) continue;
      const value = encode(String(raw), op.reserved);
      if (!op.named) pieces.push(value);
      else pieces.push(value === '' ? name + op.ifEmpty : `${name}=${value}`);
    }
    if (pieces.length > 0) out += op.first + pieces.join(op.sep);
  }
  return out;
}

/** The variable names of a template, in order, each once. */
export function uriTemplateVariables(template: string): string[] {
  const names = new Set<string>();
  for (const part of parse(template)) if (!('literal' in part)) for (const n of part.names) names.add(n);
  return [...names];
}

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Whether `uri` is an expansion of `template`; returns the variables (percent-decoded) when it is.
 * Meant for validation: a value that itself contains the operator's separator is not split back.
 */
export function matchUriTemplate(template: string, uri: string): Record<string, string> | undefined {
  const groups: { name: string; named: boolean }[] = [];
  let pattern = '^';
  for (const part of parse(template)) {
    if ('literal' in part) {
      pattern += escapeRegex(encode(part.literal, true));
      continue;
    }
    const { op } = part;
    // Non-reserved expansion percent-encodes every reserved character, so a value holds none.
    const value = op.reserved ? '[^,]*?' : part.opChar === '.' ? "[^:/?#[\\]@!$&'()*+,;=]*?" : "[^:/?#[\\]@!$&'()*+,;=]*";
    part.names.forEach((name, index) => {
      const lead = escapeRegex(index === 0 ? op.first : op.sep);
      const body = op.named ? `${escapeRegex(name)}(?:=(${value}))?` : `(${value})`;
      groups.push({ name, named: op.named });
      pattern += `(?:${lead}${body})?`;
    });
  }
  const m = new RegExp(pattern + '$').exec(uri);
  if (!m) return undefined;
  const out: Record<string, string> = {};
  groups.forEach((g, i) => {
    const v = m[i + 1];
    if (v !== undefined) out[g.name] = safeDecode(v);
  });
  return out;
}

function safeDecode(v: string): string {
  try {
    return decodeURIComponent(v);
  } catch {
    return v;
  }
}
