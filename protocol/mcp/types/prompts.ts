// Prompts: prompts/list and prompts/get. Titles and icons are kept (ICON-1).
import type { ContentBlock } from './content.js';
import type { Icon } from './initialize.js';

export interface PromptArgument {
  name: string;
  title?: string;
  description?: string;
  required?: boolean;
  [key: string]: unknown;
}

/** A prompt template as listed by `prompts/list`. */
export interface Prompt {
  name: string;
  title?: string;
  description?: string;
  arguments?: PromptArgument[];
  icons?: Icon[];
  _meta?: Record<string, unknown>;
  [key: string]: unknown;
}

export interface ListPromptsResult {
  prompts: Prompt[];
  nextCursor?: string | null;
  [key: string]: unknown;
}

/** One message of a filled-in prompt: a single content block (text, image, audio, resource...). */
export interface PromptMessage {
  role: 'user' | 'assistant';
  /** Narrow by `type`; a block of a newer kind is kept too: see {@link isUnknownContent}. */
  content: ContentBlock;
}

export interface GetPromptResult {
  description?: string;
  messages: PromptMessage[];
  _meta?: Record<string, unknown>;
  [key: string]: unknown;
}
