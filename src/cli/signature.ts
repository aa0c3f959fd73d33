// How a tool reads on one line: `name(path: string, head?: number, mode: string | number | null)`.
// Unions show their members, arrays their item type, so a user sees what `key=value` will become.
import type { ToolDef, ToolParam } from '../bridge/types.js';

/** One parameter's type as text: `string`, `number[]`, `string | number`, `integer | null`, `"a" | "b"`. */
export function typeText(p: ToolParam): string {
  let base: string;
  if (p.enum !== undefined && p.enum.length > 0 && p.enum.length <= 6) base = p.enum.map((v) => JSON.stringify(v)).join(' | ');
  else if (p.type === 'union') base = (p.types ?? ['any']).join(' | ');
  else if (p.type === 'array') {
    const item = p.items ? typeText(p.items) : 'any';
    base = /[ |]/.test(item) ? `(${item})[]` : `${item}[]`;
  } else base = p.type;
  return p.nullable && !/\bnull\b/.test(base) ? `${base} | null` : base;
}

/** `name(a: string, b?: number)` */
export function signature(def: Pick<ToolDef, 'name' | 'params'>): string {
  return `${def.name}(${def.params.map((p) => `${p.name}${p.required ? '' : '?'}: ${typeText(p)}`).join(', ')})`;
}

/** Everything about one tool, for `mcp-bridge tools TOOL`: signature, origin, description, parameters, schemas. */
export function toolPage(def: ToolDef): string {
  const lines = [signature(def), `  server: ${def.server ?? 'native'}${def.originalName !== def.name ? `, called "${def.originalName}" there` : ''}`];
  if (def.title && def.title !== def.originalName) lines.push(`  title: ${def.title}`);
  if (def.description) lines.push('', ...def.description.split('\n').map((l) => `  ${l}`));
  if (def.params.length > 0) {
    lines.push('', 'Parameters:');
    for (const p of def.params) {
      const extra = [p.required ? 'required' : 'optional', ...(p.default !== undefined ? [`default ${JSON.stringify(p.default)}`] : [])].join(', ');
      lines.push(`  ${p.name}: ${typeText(p)}  (${extra})${p.description ? `\n      ${p.description.split('\n').join('\n      ')}` : ''}`);
    }
  }
  lines.push('', 'Input schema:', JSON.stringify(def.inputSchema, null, 2));
  if (def.outputSchema !== undefined) lines.push('', 'Output schema:', JSON.stringify(def.outputSchema, null, 2));
  return `${lines.join('\n')}\n`;
}
