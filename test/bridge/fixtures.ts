// Loads the recorded tools/list results of real servers (test/fixtures/tools/*.json) and walks
// schemas, for the bridge and registry tests: the four official servers, and two third-party ones
// whose declarations stress the LLM profiles (Notion's, generated from its OpenAPI document: unions
// of strings and objects in items, `additionalProperties` everywhere; and a zod-based git server).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Tool } from '../../protocol/index.js';
import { repoRoot } from '../helpers/servers.js';

export const SERVERS = ['filesystem', 'everything', 'memory', 'brave-search', 'notion', 'git'] as const;
export type FixtureServer = (typeof SERVERS)[number];

/** The tools one official server listed (a fresh copy on every call). */
export function fixtureTools(server: FixtureServer): Tool[] {
  const text = readFileSync(join(repoRoot, 'test', 'fixtures', 'tools', `${server}.json`), 'utf8');
  return (JSON.parse(text) as { tools: Tool[] }).tools;
}

/** One tool of a fixture server, by name. */
export function fixtureTool(server: FixtureServer, name: string): Tool {
  const tool = fixtureTools(server).find((t) => t.name === name);
  if (!tool) throw new Error(`fixture ${server} has no tool ${name}`);
  return tool;
}

/** Visits every schema node (root, properties values, items, anyOf/oneOf/allOf members, additionalProperties). */
export function walkSchemas(
  schema: unknown,
  visit: (node: Record<string, unknown>, path: string, parentKey: string | undefined) => void,
  path = '#',
  parentKey?: string,
): void {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) return;
  const node = schema as Record<string, unknown>;
  visit(node, path, parentKey);
  const props = node.properties;
  if (typeof props === 'object' && props !== null) for (const [k, v] of Object.entries(props)) walkSchemas(v, visit, `${path}/properties/${k}`, 'properties');
  if (typeof node.items === 'object' && node.items !== null) walkSchemas(node.items, visit, `${path}/items`, 'items');
  if (typeof node.additionalProperties === 'object') walkSchemas(node.additionalProperties, visit, `${path}/additionalProperties`, 'additionalProperties');
  for (const key of ['anyOf', 'oneOf', 'allOf']) {
    const list = node[key];
    if (Array.isArray(list)) list.forEach((b, i) => walkSchemas(b, visit, `${path}/${key}/${i}`, key));
  }
}
