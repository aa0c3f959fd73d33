// Notifications the client sends or receives: progress, cancelled, log messages, list changes.

export type ProgressToken = string | number;

export interface ProgressParams {
  progressToken: ProgressToken;
  progress: number;
  total?: number;
  message?: string;
}

/** What a progress callback receives (PROG-3). */
export interface Progress {
  progress: number;
  total?: number;
  message?: string;
}

export interface CancelledParams {
  requestId?: string | number;
  reason?: string;
}

export type LoggingLevel = 'debug' | 'info' | 'notice' | 'warning' | 'error' | 'critical' | 'alert' | 'emergency';

export interface LoggingMessageParams {
  level: LoggingLevel;
  logger?: string;
  data: unknown;
}
