// The registry's LLM specs: every registered tool in one provider's function-calling format, built
// from each entry's per-provider conversion cache (the conversion runs once per tool and provider;
// each call hands out fresh copies, so a caller may edit what it gets).
import { toGeminiJsonSchemaDeclaration } from '../adapters/gemini.js';
import { toResponsesTool, type ResponsesFunctionTool } from '../adapters/openai-responses.js';
import { toLLMSpec, type AnthropicToolSpec, type LlmSpecByProvider, type LlmSpecConversion, type LlmSpecOptions } from '../bridge/llm-specs.js';
import type { LlmProvider } from '../bridge/types.js';
import type { SchemaNote } from '../bridge/types.js';
import { clonePlain } from '../util/clone-plain.js';
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
