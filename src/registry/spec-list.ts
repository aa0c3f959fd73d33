// The registry's LLM specs: the tools a model may be offered (less those a pipeline step refuses;
// with tool search on, those it has loaded, or the provider's native deferral wire), each in one
// provider's function-calling format, built from the entry's per-provider conversion cache (the
// conversion runs once per tool and provider; each call hands out fresh copies, so a caller may
// edit what it gets).
import { toGeminiJsonSchemaDeclaration } from '../bridge/gemini-declaration.js';
import { toResponsesTool, type ResponsesFunctionTool } from '../bridge/responses-spec.js';
import type { ResponsesToolSearchTool } from './search-wire.js';
import { toLLMSpec, type AnthropicToolSpec, type LlmSpecByProvider, type LlmSpecConversion, type LlmSpecOptions } from '../bridge/llm-specs.js';
import type { LlmProvider } from '../bridge/types.js';
import type { SchemaNote } from '../bridge/types.js';
import { clonePlain } from '../util/clone-plain.js';
import type { CallPipeline } from '../pipeline/chain.js';
import type { LoadedTools } from './deferred-tools.js';
import type { Entry } from './entry.js';

/** The spec type per target: the providers' function-calling formats, and the OpenAI Responses API's flat tools. */
export interface LlmSpecByTarget extends LlmSpecByProvider {
  'openai-responses': ResponsesFunctionTool;
}

/** Every format `toLLMSpecs` produces. */
export type LlmSpecTarget = keyof LlmSpecByTarget;

/** LLM specs for every registered tool, plus what each conversion changed. */
export interface LlmSpecs<P extends LlmSpecTarget> {
  specs: LlmSpecByTarget[P][];
  /** Per tool (exposed name), the notes of its conversion; tools converted unchanged are left out. */
  notes: { tool: string; notes: SchemaNote[] }[];
}

/** The entries a model may be offered: every one, less those a pipeline step refuses outright. */
export function offered(entries: ReadonlyMap<string, Entry>, pipeline: CallPipeline): ReadonlyMap<string, Entry> {
  let hidden: Set<string> | undefined;
  for (const [name, entry] of entries) if (pipeline.hides(entry.def)) (hidden ??= new Set()).add(name);
  if (!hidden) return entries;
  const out = new Map<string, Entry>();
  for (const [name, entry] of entries) if (!hidden.has(name)) out.set(name, entry);
  return out;
}

/** The specs of `entries` (in order) for `provider`; see `Registry.toLLMSpecs`. */
export function specsOf<P extends LlmSpecTarget>(entries: ReadonlyMap<string, Entry>, provider: P, options: LlmSpecOptions): LlmSpecs<P> {
  if (provider === 'openai-responses') {
    const chat = providerSpecs(entries, 'openai', options);
    const deferred = new Set<string>();
    for (const entry of entries.values()) if (entry.def.deferred) deferred.add(entry.def.name);
    const specs = chat.specs.map((spec) => ({ ...toResponsesTool(spec), ...(deferred.has(spec.function.name) ? { defer_loading: true } : {}) }));
    return { specs, notes: chat.notes } as LlmSpecs<P>;
  }
  if (provider === 'gemini' && options.jsonSchema) {
    const converted = [...entries.values()].map(({ def }) => ({ def, ...toGeminiJsonSchemaDeclaration(def) }));
    return {
      specs: converted.map((c) => c.spec),
      notes: converted.filter((c) => c.notes.length > 0).map((c) => ({ tool: c.def.name, notes: c.notes })),
    } as LlmSpecs<P>;
  }
  return providerSpecs(entries, provider as LlmProvider, options) as LlmSpecs<P>;
}

function providerSpecs<P extends LlmProvider>(
  entries: ReadonlyMap<string, Entry>,
  provider: P,
  options: LlmSpecOptions,
): { specs: LlmSpecByProvider[P][]; notes: LlmSpecs<P>['notes'] } {
  const specs: LlmSpecByProvider[P][] = [];
  const notes: LlmSpecs<P>['notes'] = [];
  const key = `${provider}${options.strict ? ':strict' : ''}`;
  for (const entry of entries.values()) {
    let conversion = entry.specs.get(key) as LlmSpecConversion<P> | undefined;
    if (!conversion) entry.specs.set(key, (conversion = toLLMSpec(entry.def, provider, options)));
    const spec = clonePlain(conversion.spec);
    if (entry.def.deferred && provider === 'anthropic') (spec as AnthropicToolSpec).defer_loading = true;
    specs.push(spec);
    if (conversion.notes.length > 0) notes.push({ tool: entry.def.name, notes: conversion.notes.map((n) => ({ ...n })) });
  }
  return { specs, notes };
}

/** How {@link Registry.toLLMSpecs} offers tool search when it is on. */
export interface ToolSearchSpecOptions extends LlmSpecOptions {
  /**
   * `portable` (default): the search tool, the always-loaded tools and the tools found so far, for any
   * provider. `native` (Anthropic and OpenAI Responses; other providers get `portable`): the
   * provider's own deferral wire, whose `tools` never change during a conversation. Anthropic: every
   * tool, those not always loaded marked `defer_loading: true`; answer the search tool's calls with
   * `executeAnthropicToolSearch` (`tool_reference` blocks). Responses: a `tool_search` tool with
   * `execution: "client"` and the always-loaded tools; answer its `tool_search_call` items with
   * `executeResponsesToolSearchCall` (a `tool_search_output` item).
   */
  toolSearch?: 'portable' | 'native';
}

/** The Responses specs of the native wire: the client-executed `tool_search` tool, then function tools. */
export type ResponsesNativeSpec = ResponsesFunctionTool | ResponsesToolSearchTool;

/**
 * The native wire's specs: `loaded` (the first turn's tools, the search tool first) then, for
 * Anthropic, every other tool of `all` marked `defer_loading: true`, the registry's own tools last
 * (they appear during a conversation, so they go after everything a cached prefix holds).
 */
export function nativeSearchSpecs(
  all: ReadonlyMap<string, Entry>,
  loaded: ReadonlyMap<string, Entry>,
  own: readonly string[],
  provider: 'anthropic' | 'openai-responses',
  options: LlmSpecOptions,
): { specs: AnthropicToolSpec[] | ResponsesNativeSpec[]; notes: LlmSpecs<'anthropic'>['notes'] } {
  const [search, ...first] = [...loaded.entries()].filter(([name]) => !own.includes(name));
  const ordered = new Map<string, Entry>(first);
  const deferred = new Set<string>();
  if (provider === 'anthropic')
    for (const [name, entry] of all)
      if (!loaded.has(name) && !own.includes(name)) {
        ordered.set(name, entry);
        deferred.add(name);
      }
  for (const name of own) {
    const entry = all.get(name);
    if (entry) ordered.set(name, entry);
  }
  if (provider === 'anthropic') {
    const withSearch = new Map(search ? [search, ...ordered] : ordered);
    const { specs, notes } = providerSpecs(withSearch, 'anthropic', options);
    for (const spec of specs) {
      if (deferred.has(spec.name)) spec.defer_loading = true;
      else delete spec.defer_loading;
    }
    return { specs, notes };
  }
  const { specs, notes } = specsOf(ordered, 'openai-responses', options);
  for (const spec of specs) delete spec.defer_loading;
  const out: ResponsesNativeSpec[] = specs;
  if (search) {
    const def = search[1].def;
    out.unshift({ type: 'tool_search', execution: 'client', description: def.description, parameters: clonePlain(def.inputSchema) });
  }
  return { specs: out, notes };
}

/**
 * Whether the native Anthropic wire marks a tool `defer_loading` (so a search answers with a
 * reference to it): registered, and neither among the first turn's tools nor the registry's own.
 */
export function nativeDeferred(entries: ReadonlyMap<string, Entry>, deferral: LoadedTools | undefined, own: readonly string[]): (name: string) => boolean {
  const first = deferral?.select(entries, false);
  return (name) => !!first && entries.has(name) && !first.has(name) && !own.includes(name);
}

/** The Responses spec of one registered tool, as a `tool_search_output` carries it. */
export function responsesSpecOf(entries: ReadonlyMap<string, Entry>, name: string): ResponsesFunctionTool | undefined {
  const entry = entries.get(name);
  return entry && specsOf(new Map([[name, entry]]), 'openai-responses', {}).specs[0];
}

/**
 * The specs of the `entries` a model may be offered; see `Registry.toLLMSpecs`. With tool search on
 * (`deferral`): the first turn's tools and those found, or the provider's native wire.
 */
export function offeredSpecs<P extends LlmSpecTarget>(
  entries: ReadonlyMap<string, Entry>,
  deferral: LoadedTools | undefined,
  own: readonly string[],
  provider: P,
  options: ToolSearchSpecOptions,
): LlmSpecs<P> | { specs: ResponsesNativeSpec[] } {
  if (deferral && options.toolSearch === 'native' && (provider === 'anthropic' || provider === 'openai-responses'))
    return nativeSearchSpecs(entries, deferral.select(entries, false), own, provider, options) as LlmSpecs<P>;
  return specsOf(deferral ? deferral.select(entries) : entries, provider, options);
}
