// Requests a legacy-era server sends to the client: roots, sampling, elicitation (and their answers).
import type { ContentBlock } from './content.js';

export interface Root {
  uri: string;
  name?: string;
}

export interface ListRootsResult {
  roots: Root[];
  [key: string]: unknown;
}

export interface SamplingMessage {
  role: 'user' | 'assistant';
  content: ContentBlock | ContentBlock[];
}

export interface CreateMessageParams {
  messages: SamplingMessage[];
  maxTokens: number;
  systemPrompt?: string;
  temperature?: number;
  stopSequences?: string[];
  modelPreferences?: Record<string, unknown>;
  includeContext?: 'none' | 'thisServer' | 'allServers';
  metadata?: Record<string, unknown>;
  [key: string]: unknown;
}

export interface CreateMessageResult {
  role: 'user' | 'assistant';
  content: ContentBlock | ContentBlock[];
  model: string;
  stopReason?: string;
  [key: string]: unknown;
}

/** `elicitation/create` params; no `mode` means form mode (ELICIT-2). */
export interface ElicitParams {
  mode?: 'form' | 'url';
  message: string;
  requestedSchema?: { type: 'object'; properties: Record<string, Record<string, unknown>>; required?: string[] };
  url?: string;
  elicitationId?: string;
  [key: string]: unknown;
}

export interface ElicitResult {
  action: 'accept' | 'decline' | 'cancel';
  content?: Record<string, string | number | boolean | string[]>;
  [key: string]: unknown;
}
