// Era detection in one place (VER-3..8, spec-checklist 2.4 refined by modern-era.md 3.3/3.4):
// probe with `server/discover`, read the answer, fall back to `initialize` on anything that is not
// positive modern evidence, and survive the three stdio traps: a server that exits on the probe
// (respawn once, straight to initialize), one that stays silent (probe timeout, fall back on the
// same process while still listening), and one that pins its era on its first message (a late
// DiscoverResult or a -32022 to initialize switches to modern).
import {
  chooseVersion,
  ErrorCodes,
  isMcpError,
  isModernErrorCode,
  LATEST_MODERN_VERSION,
  LEGACY_VERSIONS,
  Methods,
  NoSharedVersionError,
  supportedVersionsOf,
  type ClientCapabilities,
  type Era,
  type Implementation,
  type McpError,
} from '../../protocol/index.js';
import { HttpError } from '../errors/http-errors.js';
import { ConnectionClosedError } from '../errors/session-errors.js';
import type { Session } from '../session/session.js';
import type { TransportCloseInfo } from '../transports/transport.js';
import { DEFAULT_PROBE_TIMEOUT_MS } from './client-options.js';
import { legacyHandshake, type ServerSnapshot } from './handshake.js';
import { modernConnect, probeParams, snapshotFromDiscover, type ModernConnectOptions } from './modern-connect.js';

/** Which era to speak: detect it (default), or insist on one. */
export type EraOption = 'auto' | 'legacy' | 'modern';

const PROBED_KINDS = new Set(['stdio', 'streamable-http', 'auto']);

/**
 * The probe's wait when the server is known to answer it (a remembered modern verdict): under load
 * the short default would hand a dual-era server to the legacy era; a server known to answer costs
 * nothing to wait for, and one that changed costs this once (its silence replaces the verdict).
 */
const KNOWN_MODERN_PROBE_TIMEOUT_MS = 10_000;

/** The probe's share of the startup budget at most, so initialize always keeps the larger part. */
const PROBE_SHARE = 0.5;

export interface EraConnectOptions {
  clientInfo: Implementation;
  capabilities: ClientCapabilities;
  /** Budget of the whole connection step: every request of it shares this one deadline. */
  timeoutMs: number;
  /** stdio: how long the probe may stay unanswered before `initialize` goes out (at most half of `timeoutMs`). */
  probeTimeoutMs?: number;
  /** Version `initialize` proposes. */
  legacyProtocolVersion?: string;
  serverName?: string;
  /** The verdict remembered for this configuration: `legacy` skips the probe, `modern` waits longer for it (VER-7). */
  cachedEra?: Era;
  /** The current session; it changes when the server is respawned. */
  session(): Session;
  /** stdio: starts a fresh server process and returns its started session (used once, for a server that exited on the probe). */
  respawn?(): Promise<Session>;
}

/**
 * What a connection learned about the server's era, for the cache (VER-7): only an answer is a
 * verdict. `answer`: the server answered or refused the probe (or refused initialize with -32022),
 * and `era` may differ from the connection's (a dual-era server whose discover answer came after
 * initialize went out). `silence`: the probe went unanswered and initialize worked, a guess (VER-3
 * falls back on it, but a loaded machine produces it too). `cached`: the remembered legacy verdict
 * was used, no probe. `none`: no detection (an era was configured, or the wire is not probed).
 */
export type EraFinding = { kind: 'answer' | 'silence'; era: Era; protocolVersion: string } | { kind: 'cached' | 'none' };

export interface EraOutcome {
  snapshot: ServerSnapshot;
  finding: EraFinding;
}

/** Connects in the requested era; resolves with what the server said about itself and what that says of its era. */
export async function connectInEra(era: EraOption, connectOptions: EraConnectOptions): Promise<EraOutcome> {
  const o: Budgeted = { ...connectOptions, deadline: performance.now() + connectOptions.timeoutMs };
  const session = o.session();
  // Only the real wires are probed: test pairs, replayers and an explicit HTTP+SSE transport speak
  // whatever they were built for, which is the handshake unless told otherwise.
  const auto = era === 'auto' && PROBED_KINDS.has(session.transport.kind);
  const snapshot =
    era === 'modern'
      ? await modernConnect(session, modernOptions(o))
      : era === 'legacy'
        ? await legacyOnly(session, o)
        : !auto || o.cachedEra === 'legacy'
          ? await legacyFirst(session, o, undefined)
          : await detect(o);
  // A -32022 to the cached-legacy initialize proved the verdict wrong: the switch is an answer.
  const cached = o.cachedEra === 'legacy' && snapshot.era === 'legacy';
  return { snapshot, finding: !auto ? { kind: 'none' } : cached ? { kind: 'cached' } : (o.found ?? answered(snapshot)) };
}

function answered(s: Pick<ServerSnapshot, 'era' | 'protocolVersion'>): EraFinding {
  return { kind: 'answer', era: s.era, protocolVersion: s.protocolVersion };
}

/**
 * The options with the deadline of the whole step: the probe, initialize and any re-probe share it.
 * `found` is set where the connection's era is not what the server answered (a silent or late probe).
 */
type Budgeted = EraConnectOptions & { deadline: number; found?: EraFinding };

/** What is left of the startup budget (at least 1 ms, so a late step still fails as a timeout). */
function left(o: Budgeted): number {
  return Math.max(1, Math.round(o.deadline - performance.now()));
}

/** How long the probe may go unanswered: its own short budget within the startup deadline. */
function probeBudget(o: Budgeted): number {
  const wait = o.probeTimeoutMs ?? DEFAULT_PROBE_TIMEOUT_MS;
  const patience = o.cachedEra === 'modern' ? Math.max(wait, KNOWN_MODERN_PROBE_TIMEOUT_MS) : wait;
  return Math.min(patience, Math.max(1, Math.floor(o.timeoutMs * PROBE_SHARE)), left(o));
}

function modernOptions(o: Budgeted): ModernConnectOptions {
  return { clientInfo: o.clientInfo, capabilities: o.capabilities, timeoutMs: left(o), serverName: o.serverName };
}

function handshake(session: Session, o: Budgeted): Promise<ServerSnapshot> {
  return legacyHandshake(session, {
    clientInfo: o.clientInfo,
    capabilities: o.capabilities,
    protocolVersion: o.legacyProtocolVersion,
    timeoutMs: left(o),
    serverName: o.serverName,
  });
}

// VER-8: a modern-only server refuses initialize with -32022; its data.supported is the diagnostic.
async function legacyOnly(session: Session, o: Budgeted): Promise<ServerSnapshot> {
  try {
    return await handshake(session, o);
  } catch (error) {
    if (isMcpError(error) && error.code === ErrorCodes.UnsupportedProtocolVersion) {
      throw new NoSharedVersionError({ server: o.serverName, theirs: supportedVersionsOf(error) ?? [], ours: LEGACY_VERSIONS, era: 'legacy', cause: error });
    }
    throw error;
  }
}

type ProbeOutcome = { kind: 'answer'; value: unknown } | { kind: 'error'; error: unknown } | { kind: 'silent' };

async function detect(o: Budgeted): Promise<ServerSnapshot> {
  const session = o.session();
  session.transport.setProtocolVersion?.(LATEST_MODERN_VERSION);
  const lingering = new AbortController();
  // No notifications/cancelled for the probe: the server has not been initialized (3.4 step 3).
  const probe = session.request(Methods.serverDiscover, probeParams(modernOptions(o)), { timeoutMs: left(o), cancellable: false, signal: lingering.signal });
  const settled: Promise<ProbeOutcome> = probe.then(
    (value) => ({ kind: 'answer', value }),
    (error: unknown) => ({ kind: 'error', error }),
  );
  const stdio = session.transport.kind === 'stdio';
  const first = stdio ? await raceTimeout(settled, probeBudget(o)) : await settled;
  if (first.kind === 'answer') {
    const snapshot = snapshotFromDiscover(first.value);
    if (snapshot) {
      if (snapshot.protocolVersion !== LATEST_MODERN_VERSION) session.transport.setProtocolVersion?.(snapshot.protocolVersion);
      return snapshot;
    }
    // A result that is not a DiscoverResult (or shares no modern version): legacy on the same process.
    return legacyFirst(session, o, undefined);
  }
  if (first.kind === 'silent') return legacyFirst(session, o, { settled, lingering }, true);
  const error = first.error;
  if (isMcpError(error)) {
    if (error.code === ErrorCodes.UnsupportedProtocolVersion) {
      const next = chooseVersion(supportedVersionsOf(error) ?? [], 'modern');
      // VER-1: retry once at a version it named; a list of legacy versions only means a legacy server.
      if (next) return modernConnect(session, modernOptions(o), next, true);
      return legacyFirst(session, o, undefined);
    }
    // -32020 / -32021 to a bare discovery: a modern server refusing us; nothing to fall back to.
    if (isModernErrorCode(error.code)) throw error;
    return legacyFirst(session, o, undefined);
  }
  if (error instanceof ConnectionClosedError && stdio && o.respawn && refusedTheProbe(error.closeInfo)) {
    // rmcp < 3 exits on any pre-initialize request: a fresh process, straight to initialize.
    const fresh = await o.respawn();
    return legacyFirst(fresh, o, undefined);
  }
  if (error instanceof HttpError && isLegacyHttpAnswer(error.status)) return legacyFirst(session, o, undefined);
  // Auth statuses, 5xx, refused connections and timeouts are not era evidence: fail (3.3).
  throw error;
}

/** 4xx that a legacy server may give a POST it does not understand; never 401/403 (authorization). */
function isLegacyHttpAnswer(status: number): boolean {
  return status >= 400 && status < 500 && status !== 401 && status !== 403 && status !== 407 && status !== 408 && status !== 429;
}

interface LateProbe {
  settled: Promise<ProbeOutcome>;
  lingering: AbortController;
}

// initialize on this process; a -32022 means the server is (or pinned itself) modern.
// `mayRespawn`: the probe went unanswered, so a server that exits on it may do so only now.
async function legacyFirst(session: Session, o: Budgeted, late: LateProbe | undefined, mayRespawn = false): Promise<ServerSnapshot> {
  try {
    const snapshot = await handshake(session, o);
    if (late) {
      // Whatever was read with initialize's answer has settled by the end of this turn.
      o.found = lateFinding(await Promise.race([late.settled, endOfTurn()]), snapshot);
      late.lingering.abort('the server answered initialize');
    }
    return snapshot;
  } catch (error) {
    const ended = error instanceof ConnectionClosedError ? error.closeInfo : undefined;
    if (mayRespawn && o.respawn && ended && refusedTheProbe(ended) && (await late?.settled)?.kind !== 'answer') {
      return legacyFirst(await o.respawn(), o, undefined);
    }
    if (!isMcpError(error) || error.code !== ErrorCodes.UnsupportedProtocolVersion) {
      late?.lingering.abort('initialize failed');
      throw error;
    }
    return switchToModern(session, o, late, error);
  }
}

async function switchToModern(session: Session, o: Budgeted, late: LateProbe | undefined, refusal: McpError): Promise<ServerSnapshot> {
  if (late) {
    const outcome = await raceTimeout(late.settled, probeBudget(o));
    if (outcome.kind === 'answer') {
      const snapshot = snapshotFromDiscover(outcome.value);
      if (snapshot) {
        session.transport.setProtocolVersion?.(snapshot.protocolVersion);
        return snapshot;
      }
    }
    late.lingering.abort('re-probing');
  }
  const theirs = supportedVersionsOf(refusal) ?? [];
  const version = chooseVersion(theirs, 'modern');
  if (!version && theirs.length > 0) throw new NoSharedVersionError({ server: o.serverName, theirs, ours: [...LEGACY_VERSIONS, '2026-07-28'], cause: refusal });
  return modernConnect(session, modernOptions(o), version);
}

/**
 * Whether a process that ended before answering anything refused the probe (respawn it, straight to
 * initialize) rather than failed to start (report the failure: a second spawn would only repeat its
 * side effects and double the time to fail). A refusal ends with code 0, or says on stderr that it
 * wanted initialize first (rmcp < 3 exits 1 with "expect initialized request, but received ...
 * server/discover"). A signal, or any other non-zero exit, is a failure.
 */
export function refusedTheProbe(info: Pick<TransportCloseInfo, 'exitCode' | 'signal' | 'stderrTail'>): boolean {
  if (info.signal) return false;
  if (info.exitCode === 0) return true;
  return /server\/discover|initiali[sz]e/i.test(info.stderrTail ?? '');
}

/**
 * What a probe that missed its wait says once initialize has been answered. A server answers in
 * order, so a dual-era one slowed by load has sent its DiscoverResult by now: modern, though this
 * connection stays legacy. Another answer or error is a legacy answer, only later than hoped.
 * Nothing is a guess: a server that ignores the probe, or one too slow to read it yet.
 */
function lateFinding(outcome: ProbeOutcome | void, legacy: ServerSnapshot): EraFinding {
  if (outcome?.kind === 'answer') return answered(snapshotFromDiscover(outcome.value) ?? legacy);
  // A modern error code (-32020..-32022) beside a working initialize is no legacy answer: a guess.
  if (outcome?.kind === 'error' && isMcpError(outcome.error) && !isModernErrorCode(outcome.error.code)) return answered(legacy);
  return { kind: 'silence', era: 'legacy', protocolVersion: legacy.protocolVersion };
}

// From node:timers: fake timers in a user's tests replace the global setImmediate.
const { setImmediate: atEndOfTurn } = process.getBuiltinModule('node:timers');
const endOfTurn = () => new Promise<void>((resolve) => atEndOfTurn(resolve));

function raceTimeout(settled: Promise<ProbeOutcome>, ms: number): Promise<ProbeOutcome> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const silent = new Promise<ProbeOutcome>((resolve) => {
    timer = setTimeout(() => resolve({ kind: 'silent' }), ms);
  });
  return Promise.race([settled, silent]).finally(() => clearTimeout(timer));
}
