// MCP method names, and the method → {params, result} map that types Session.request() and Client.request().
import type { InitializeParams, InitializeResult } from './types/initialize.js';
import type { CallToolParams, CallToolResult, ListToolsParams, ListToolsResult } from './types/tools.js';
import type { ListResourcesResult, ListResourceTemplatesResult, ReadResourceResult } from './types/resources.js';
import type { GetPromptResult, ListPromptsResult } from './types/prompts.js';
import type { CompleteArgument, CompleteContext, CompleteReference, CompleteResult } from './types/completion.js';
import type { CreateTaskResult, ListTasksResult, Task } from './types/tasks.js';
import type { CreateMessageParams, CreateMessageResult, ElicitParams, ElicitResult, ListRootsResult } from './types/client-features.js';

export const Methods = {
  initialize: 'initialize',
  initialized: 'notifications/initialized',
  ping: 'ping',
  toolsList: 'tools/list',
  toolsCall: 'tools/call',
  cancelled: 'notifications/cancelled',
  progress: 'notifications/progress',
  message: 'notifications/message',
  toolsListChanged: 'notifications/tools/list_changed',
  promptsListChanged: 'notifications/prompts/list_changed',
  resourcesListChanged: 'notifications/resources/list_changed',
  rootsListChanged: 'notifications/roots/list_changed',
  loggingSetLevel: 'logging/setLevel',
  rootsList: 'roots/list',
  samplingCreateMessage: 'sampling/createMessage',
  elicitationCreate: 'elicitation/create',
  serverDiscover: 'server/discover',
  resourcesList: 'resources/list',
  resourcesTemplatesList: 'resources/templates/list',
  resourcesRead: 'resources/read',
  resourcesSubscribe: 'resources/subscribe',
  resourcesUnsubscribe: 'resources/unsubscribe',
  resourcesUpdated: 'notifications/resources/updated',
  promptsList: 'prompts/list',
  promptsGet: 'prompts/get',
  completionComplete: 'completion/complete',
  tasksGet: 'tasks/get',
  tasksResult: 'tasks/result',
  tasksCancel: 'tasks/cancel',
  tasksList: 'tasks/list',
  tasksStatus: 'notifications/tasks/status',
  elicitationComplete: 'notifications/elicitation/complete',
  subscriptionsListen: 'subscriptions/listen',
  subscriptionsAcknowledged: 'notifications/subscriptions/acknowledged',
} as const;

/** Requests the client sends, with their params and result types. */
export interface ClientRequests {
  initialize: { params: InitializeParams; result: InitializeResult };
  ping: { params: Record<string, never> | undefined; result: Record<string, never> };
  'tools/list': { params: ListToolsParams | undefined; result: ListToolsResult };
  'tools/call': { params: CallToolParams; result: CallToolResult | CreateTaskResult };
  'resources/list': { params: { cursor?: string } | undefined; result: ListResourcesResult };
  'resources/templates/list': { params: { cursor?: string } | undefined; result: ListResourceTemplatesResult };
  'resources/read': { params: { uri: string }; result: ReadResourceResult };
  'resources/subscribe': { params: { uri: string }; result: Record<string, never> };
  'resources/unsubscribe': { params: { uri: string }; result: Record<string, never> };
  'prompts/list': { params: { cursor?: string } | undefined; result: ListPromptsResult };
  'prompts/get': { params: { name: string; arguments?: Record<string, string> }; result: GetPromptResult };
  'completion/complete': { params: { ref: CompleteReference; argument: CompleteArgument; context?: CompleteContext }; result: CompleteResult };
  'tasks/get': { params: { taskId: string }; result: Task };
  'tasks/result': { params: { taskId: string }; result: Record<string, unknown> };
  'tasks/cancel': { params: { taskId: string }; result: Task };
  'tasks/list': { params: { cursor?: string } | undefined; result: ListTasksResult };
}

/** Requests a (legacy-era) server sends to the client. */
export interface ServerRequests {
  ping: { params: Record<string, unknown> | undefined; result: Record<string, never> };
  'roots/list': { params: Record<string, unknown> | undefined; result: ListRootsResult };
  'sampling/createMessage': { params: CreateMessageParams; result: CreateMessageResult };
  'elicitation/create': { params: ElicitParams; result: ElicitResult };
}
