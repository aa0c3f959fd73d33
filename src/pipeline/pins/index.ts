export { canonicalJson, sortedJson } from '../../util/canonical-json.js';
export { classifyServer, classifyTool, PIN_CHANGE_KINDS, type PinChange, type PinChangeKind } from './classify.js';
export { pinHash, pinnedFields, type PinnedFields } from './definition.js';
export { emptyLock, LOCK_VERSION, lockServer, parseLock, serializeLock, type LockServer, type LockTool, type PinLock } from './lock.js';
export { createPins, type PinDecision, type Pins, type PinsOptions } from './pins.js';
