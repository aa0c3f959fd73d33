export { createScanner } from './interceptor.js';
export type { ScanMode, ScannerOptions, ScannerStep } from './interceptor.js';
export { scanServers, scanTool, hasHighFinding } from './scan.js';
export type { ScanTarget } from './scan.js';
export type { ScanFinding, ScanRuleId, ScanSeverity, ScanContext } from './types.js';
