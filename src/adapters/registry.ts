// The registry with every agent framework's shape on it: the tool namespace (ToolRegistry) plus
// the adapters' conversions as methods. Adapters depend on the registry, never the reverse, so
// this class lives here, above both.
import type { ToolDef } from '../bridge/types.js';
import type { AnthropicToolSpec } from '../bridge/llm-specs.js';
import { ToolRegistry } from '../registry/registry.js';
import type { CallContext } from '../registry/types.js';
import { toAiSdkTools, type AiSdk6Part, type AiSdk7Part, type AiSdkDynamicTool, type AiSdkToolsOptions } from './ai-sdk.js';
import { toAnthropicRunnableTools, type AnthropicRunnableTool, type AnthropicRunnableToolsOptions } from './anthropic-runnable.js';
import {
  executeGeminiFunctionCall,
  toGeminiCallableTool,
  type GeminiCallableTool,
  type GeminiCallableToolOptions,
  type GeminiFunctionCall,
  type GeminiFunctionResponsePart,
} from './gemini.js';
import { toLangChainTools, type LangChainToolsOptions } from './langchain.js';
import { toAgentsToolSearch, type AgentsToolSearchOptions } from './openai-agents.js';
import { executeResponsesCall, type ResponsesFunctionCall, type ResponsesFunctionCallOutput } from './openai-responses.js';

/**
 * Tools an agent can call: MCP tools (registered per server by the manager) and native tools,
 * each under a unique exposed name, in the shape of every provider and framework. `list()` order
 * is registration order and stays stable across refreshes. Events: `changed`, `collision`, `problem`.
 * @example
 * const registry = new Registry();
 * const manager = new Manager(await loadConfig('mcp-bridge.yaml'), { registry });
 * await manager.start();
 * const tools = registry.toAiSdkTools();
 */
export class Registry extends ToolRegistry {
  /** Runs an OpenAI Responses `function_call` item and returns the `function_call_output` item answering it. Never throws. */
  executeResponsesCall(item: ResponsesFunctionCall, context: CallContext = {}): Promise<ResponsesFunctionCallOutput> {
    return executeResponsesCall(this, item, context);
  }

  /** Runs a Gemini `functionCall` and returns the `functionResponse` part answering it. Never throws. */
  executeGeminiFunctionCall(call: GeminiFunctionCall, context: CallContext = {}): Promise<GeminiFunctionResponsePart> {
    return executeGeminiFunctionCall(this, call, context);
  }

  /** The tools as Vercel AI SDK `dynamic` tools (ai 6 and 7; Mastra takes them too). See {@link toAiSdkTools}. */
  toAiSdkTools(options?: AiSdkToolsOptions & { sdk?: 6 }): Record<string, AiSdkDynamicTool<AiSdk6Part>>;
  toAiSdkTools(options: AiSdkToolsOptions & { sdk: 7 }): Record<string, AiSdkDynamicTool<AiSdk7Part>>;
  toAiSdkTools(options: AiSdkToolsOptions = {}): Record<string, AiSdkDynamicTool<AiSdk6Part | AiSdk7Part>> {
    return toAiSdkTools(this, options as AiSdkToolsOptions & { sdk: 7 });
  }

  /**
   * The tools as one `@google/genai` `CallableTool` for automatic function calling. With
   * `toolSearch.enabled` it declares the {@link Registry.activeTools} of the moment (read on every turn).
   */
  toGeminiCallableTool(options: GeminiCallableToolOptions = {}): GeminiCallableTool {
    const active = this.searchToolName !== undefined ? { tools: (def: ToolDef) => this.activeTools().includes(def.name) } : {};
    return toGeminiCallableTool(this, { subsetSpecs: () => this.toLLMSpecs('gemini').specs, ...active, ...options });
  }

  /** The tools as LangChain StructuredTools, built with the `tool` function you pass (`@langchain/core/tools`). */
  toLangChainTools<T>(options: LangChainToolsOptions<T>): T[] {
    return toLangChainTools(this, options);
  }

  /**
   * Tool search for the OpenAI Agents SDK: a client-executed `tool_search` hosted tool whose executor
   * runs this registry's search and returns the found tools (built with the `tool` you pass). Needs
   * `toolSearch.enabled`. See {@link toAgentsToolSearch}.
   */
  toAgentsToolSearch<T, H>(options: AgentsToolSearchOptions<T, H>): H {
    return toAgentsToolSearch(this, options);
  }

  /** The tools as runnable tools for Anthropic's `client.beta.messages.toolRunner()`. */
  toAnthropicRunnableTools(options: AnthropicRunnableToolsOptions & { toolSearch?: 'portable' | 'native' } = {}): AnthropicRunnableTool[] {
    const native = options.toolSearch === 'native' && this.searchToolName !== undefined;
    const specs: AnthropicToolSpec[] = native ? this.toLLMSpecs('anthropic', { toolSearch: 'native' }).specs : this.toLLMSpecs('anthropic').specs;
    const search = native ? this.searchToolName : undefined;
    return toAnthropicRunnableTools(this, specs, {
      ...options,
      ...(search
        ? {
            answer: {
              [search]: async (args, call) => (await this.executeAnthropicToolSearch({ type: 'tool_use', id: '', name: search, input: args }, call)).content,
            },
          }
        : {}),
    });
  }
}
