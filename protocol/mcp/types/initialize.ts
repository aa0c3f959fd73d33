// Implementation info, capabilities, and the initialize request/result of the legacy (handshake) era.

/** An icon a server or tool may advertise (2025-11-25+). Passed through, never fetched (ICON-3). */
export interface Icon {
  src: string;
  mimeType?: string;
  sizes?: string[];
  theme?: 'light' | 'dark';
}

/** Name and version of a client or server (`clientInfo` / `serverInfo`). */
export interface Implementation {
  name: string;
  version: string;
  title?: string;
  description?: string;
  websiteUrl?: string;
  icons?: Icon[];
}

/** What the client can do for the server (LIFE-9): declare only what is implemented. */
export interface ClientCapabilities {
  roots?: { listChanged?: boolean };
  sampling?: { context?: object; tools?: object };
  elicitation?: { form?: object; url?: object };
  experimental?: Record<string, object>;
  [key: string]: unknown;
}

/** What the server offers (LIFE-11). */
export interface ServerCapabilities {
  tools?: { listChanged?: boolean };
  prompts?: { listChanged?: boolean };
  resources?: { subscribe?: boolean; listChanged?: boolean };
  logging?: object;
  completions?: object;
  tasks?: object;
  experimental?: Record<string, object>;
  [key: string]: unknown;
}

export interface InitializeParams {
  protocolVersion: string;
  capabilities: ClientCapabilities;
  clientInfo: Implementation;
  [key: string]: unknown;
}

export interface InitializeResult {
  protocolVersion: string;
  capabilities: ServerCapabilities;
  serverInfo: Implementation;
  instructions?: string;
  _meta?: Record<string, unknown>;
  [key: string]: unknown;
}
