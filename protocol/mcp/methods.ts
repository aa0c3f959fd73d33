// MCP method names, and the method → {params, result} map that types Session.request().
import type { InitializeParams, InitializeResult } from './types/initialize.js';
import type { CallToolParams, CallToolResult, ListToolsParams, ListToolsResult } from './types/tools.js';
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
} as const;

/** Requests the client sends, with their params and result types. */
export interface ClientRequests {
  initialize: { params: InitializeParams; result: InitializeResult };
  ping: { params: Record<string, never> | undefined; result: Record<string, never> };
  'tools/list': { params: ListToolsParams | undefined; result: ListToolsResult };
  'tools/call': { params: CallToolParams; result: CallToolResult };
}

/** Requests a (legacy-era) server sends to the client. */
export interface ServerRequests {
  ping: { params: Record<string, unknown> | undefined; result: Record<string, never> };
  'roots/list': { params: Record<string, unknown> | undefined; result: ListRootsResult };
  'sampling/createMessage': { params: CreateMessageParams; result: CreateMessageResult };
  'elicitation/create': { params: ElicitParams; result: ElicitResult };
}
