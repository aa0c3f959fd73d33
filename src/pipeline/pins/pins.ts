// The pins step of the call pipeline: each tool definition is compared with the lock file once
// (the verdict is kept per ToolDef object, so the hot path is one WeakMap lookup; a new list after
// tools/list_changed brings new objects, compared on first sight, TOOLS-3). A changed tool is left
// out of the specs and a call to it is refused before anything is sent, unless `onChange` says
// otherwise. Reading the lock file is the only I/O, at start and when a refused call or a hidden
// tool makes it worth seeing whether `mcp-bridge pin --update` approved the change meanwhile.
import { GET_PROMPT, LIST_RESOURCES, LOAD_SKILL, READ_RESOURCE } from '../../bridge/context-names.js';
import { errorResult } from '../../bridge/result.js';
import type { ToolDef } from '../../bridge/types.js';
import { approveCommand, ToolChangedError } from '../../errors/pin-errors.js';
import { nullLogger, type Logger } from '../../log.js';
import { nodeFs as fs } from '../../util/node-fs.js';
import type { Redact } from '../../../protocol/redact.js';
import type { Interceptor } from '../types.js';
import { classifyTool, lockedTool, type PinChange } from './classify.js';
import { pinHash, pinnedFields } from './definition.js';
import { parseLock, type PinLock } from './lock.js';

/** What to do with a changed tool: refuse it, or let it through. */
export type PinDecision = 'block' | 'allow';

/** Options of {@link createPins}. */
export interface PinsOptions {
  /** The lock file (`mcp-bridge pin` writes it). Read at once, and again when it changes on disk. */
  file?: string;
  /** A lock held in code instead of a file (`file` wins when both are given). */
  lock?: PinLock;
  /**
   * A changed tool: `block` (hidden from the specs, calls refused with MCPB_TOOL_CHANGED), `warn`
   * (let through, logged once per change), or a function deciding per change.
   * @defaultValue `'block'`
   */
  onChange?: 'block' | 'warn' | ((change: PinChange) => PinDecision);
  /** A tool the lock does not know (a new tool, or a server pinned never): `allow` or `block`. @defaultValue `'allow'` */
  newTools?: 'allow' | 'block';
  /** Without a lock file, block every server tool instead of comparing nothing. @defaultValue `false` */
  required?: boolean;
  /** The mask of a server's configured secrets, applied to its definitions before they are hashed (as `mcp-bridge pin` does). */
  redact?: (server: string) => Redact | undefined;
  /** Where `warn` and a lock that became unreadable are reported. @defaultValue silent */
  logger?: Logger;
}

/** The pins step, with a way to ask about one definition. */
export interface Pins extends Interceptor {
  readonly stage: 'pins';
  /** False when there is no lock and none is required: nothing is compared. */
  readonly active: boolean;
  /** How `definition` differs from the lock (undefined: it matches, or it is no server tool). */
  check(definition: ToolDef): PinChange | undefined;
  /** Reads the lock file again (on its own this happens when the file changed and a blocked tool is met). */
  reload(): void;
}

interface Verdict {
  change?: PinChange;
  block: boolean;
}

const PASS: Verdict = { block: false };
const CONTEXT_TOOLS = new Set([LIST_RESOURCES, READ_RESOURCE, GET_PROMPT, LOAD_SKILL]);
/** A hidden tool re-reads the lock's timestamp at most this often (a refused call always does). */
const RECHECK_MS = 1000;

/**
 * Creates the pins step of the call pipeline: tool definitions compared with a lock file written by
 * `mcp-bridge pin`. Add it to a registry (`registry.use(pins)`), or let the Manager add it from the
 * config's `tools.mcp.pins`.
 * @throws PinLockError (`MCPB_PIN_LOCK_INVALID`) when the lock file exists but cannot be used.
 * @example createPins({ file: 'mcp-bridge.lock', onChange: 'block', newTools: 'allow' })
 */
export function createPins(options: PinsOptions = {}): Pins {
  const logger = options.logger ?? nullLogger;
  const onChange = options.onChange ?? 'block';
  let lock: PinLock | undefined = options.file === undefined ? options.lock : undefined;
  let stamp = '';
  let verdicts = new WeakMap<ToolDef, Verdict>();
  let lastRecheck = 0;
  const warned = new Set<string>();
  let started = false;
  const missing = options.file !== undefined && !readLock();
  const active = lock !== undefined || (options.required === true && (missing || options.file === undefined));
  started = true;

  /** Reads the file if it changed since the last read; true when a lock is held. */
  function readLock(): boolean {
    const file = options.file!;
    let now: string;
    try {
      const stat = fs().statSync(file);
      now = `${stat.mtimeMs}:${stat.size}`;
    } catch {
      return false;
    }
    if (now === stamp) return true;
    try {
      lock = parseLock(fs().readFileSync(file, 'utf8'), file);
    } catch (error) {
      // At start a broken lock stops everything; later, the lock already read stays in force.
      if (!started) throw error;
      logger.error(`pins: ${(error as Error).message}; the lock read before stays in force`);
      stamp = now;
      return lock !== undefined;
    }
    stamp = now;
    verdicts = new WeakMap();
    return true;
  }

  function recheck(force: boolean): void {
    if (options.file === undefined || !active) return;
    const now = Date.now();
    if (!force && now - lastRecheck < RECHECK_MS) return;
    lastRecheck = now;
    readLock();
  }

  function decide(definition: ToolDef): Verdict {
    const server = definition.server;
    const tool = definition.tool;
    if (server === undefined || tool === undefined) return PASS;
    if (!lock) {
      const detail = `no lock file at ${options.file ?? '(none given)'}, and pins are required`;
      return { change: { server, tool: tool.name, kinds: ['new'], details: [detail] }, block: true };
    }
    const entry = Object.hasOwn(lock.servers, server) ? lock.servers[server] : undefined;
    const locked = lockedTool(entry, tool.name);
    // The bridge's own resource/prompt tools are not the server's: only a pinned tool of that name is checked.
    if (!locked && CONTEXT_TOOLS.has(tool.name) && isSynthetic(tool.title, server)) return PASS;
    const fields = pinnedFields(tool, options.redact?.(server));
    const change = classifyTool(server, tool.name, locked, fields, pinHash(fields));
    if (!change) return PASS;
    if (change.kinds.includes('new')) return { change, block: options.newTools === 'block' };
    if (onChange === 'block') return { change, block: true };
    if (onChange === 'warn') {
      warn(change);
      return { change, block: false };
    }
    try {
      return { change, block: onChange(change) !== 'allow' };
    } catch (error) {
      logger.error(`pins: the onChange function failed for tool "${change.tool}" of server "${server}", so it is blocked: ${(error as Error).message}`);
      return { change, block: true };
    }
  }

  function warn(change: PinChange): void {
    const key = `${change.server}\u0000${change.tool}\u0000${change.details.join('\n')}`;
    if (warned.has(key)) return;
    warned.add(key);
    logger.warn(
      `pins: tool "${change.tool}" of server "${change.server}" changed since it was pinned (${change.kinds.join(', ')}): ${change.details.join('; ')}; approve it with: ${approveCommand(change.server)}`,
      { server: change.server, tool: change.tool, kinds: change.kinds },
    );
  }

  function verdict(definition: ToolDef): Verdict {
    let v = verdicts.get(definition);
    if (v === undefined) {
      v = decide(definition);
      verdicts.set(definition, v);
    }
    return v;
  }

  return {
    name: 'pins',
    stage: 'pins',
    active,
    check: (definition) => (active ? verdict(definition).change : undefined),
    reload: () => {
      if (options.file === undefined) return;
      stamp = '#';
      recheck(true);
    },
    hides(definition) {
      if (!active || !verdict(definition).block) return false;
      recheck(false);
      return verdict(definition).block;
    },
    // Not an async function: a call that passes (nearly all) costs a lookup and the next step, no promise of its own.
    intercept(call, next) {
      if (!active) return next(call);
      let v: Verdict;
      try {
        v = verdict(call.definition);
        if (v.block) {
          recheck(true);
          v = verdict(call.definition);
        }
      } catch (error) {
        return Promise.reject(error as Error);
      }
      if (!v.block || !v.change) return next(call);
      return Promise.resolve(errorResult(new ToolChangedError(v.change.server, v.change.tool, v.change.kinds, v.change.details)));
    },
  };
}

function isSynthetic(title: string | undefined, server: string): boolean {
  return title !== undefined && [`List ${server} resources`, `Read a ${server} resource`, `Get a ${server} prompt`, `Load a ${server} skill`].includes(title);
}
