// The registry's bookkeeping: the table of entries by exposed name (in registration order), each
// server's options, the tools dropped by a name clash and the tools of a server that is down; and
// the rules that keep it right as tools come, change and go (siblings that sanitise alike, an
// exact name displacing a rewritten one, schemas compiled on the way in and released on the way out).
import type { Emitter, McpBridgeError, Tool } from '../../protocol/index.js';
import { suggestPrefix } from '../bridge/naming.js';
import { SchemaCompiler } from '../bridge/validate.js';
import { ToolNameCollisionError } from '../errors/bridge-errors.js';
import { InvalidOptionsError } from '../errors/options-errors.js';
import { allowMatcher, compileSchemas, mcpEntry, nativeEntry, releaseSchemas, type Entry } from './entry.js';
import type { ExecuteTable, Withdrawn } from './execute.js';
import { placeSiblings, rename, renamedTool, yieldedTo, yielding } from './name-clashes.js';
import type { AgentTool, NamingProblems, RegisterReport, RegistryEvents, RenamedTool, ReplaceReport, ServerToolOptions, SkippedTool } from './types.js';
import { isModelVisible } from '../../protocol/index.js';

/** Every registered tool and what the registry remembers about it. */
export class ToolTable implements ExecuteTable {
  entries = new Map<string, Entry>();
  private readonly serverOptions = new Map<string, ServerToolOptions>();
  private readonly compiler = new SchemaCompiler();
  /** Tools dropped by a name collision at the latest registration, per server (`''` for native tools). */
  private readonly dropped = new Map<string, SkippedTool[]>();
  /** Exposed names of a server that is down, and what to tell a caller of one (see withdrawServer). */
  readonly withdrawn = new Map<string, Withdrawn>();

  constructor(private readonly events: Emitter<RegistryEvents>) {}

  registerNative(tool: AgentTool): RegisterReport {
    const report = emptyReport();
    this.admit(nativeEntry(tool), report);
    if (report.skipped.length > 0) this.dropped.set('', [...(this.dropped.get('') ?? []), ...report.skipped]);
    if (report.added.length > 0) this.events.emit('changed', { added: report.added, removed: [], updated: [] });
    return report;
  }

  /** Removes one tool by exposed name; whether it existed. */
  remove(name: string): boolean {
    const entry = this.entries.get(name);
    if (!entry) return false;
    this.drop(name);
    this.events.emit('changed', { ...(entry.def.server !== undefined ? { server: entry.def.server } : {}), added: [], removed: [name], updated: [] });
    return true;
  }

  /** Registers a server's tools; see `Registry.registerServerTools`. */
  registerServer(server: string, tools: readonly Tool[], options: ServerToolOptions): RegisterReport {
    if (this.serverOptions.has(server)) return this.replaceServer(server, tools, options);
    this.serverOptions.set(server, options);
    const report = emptyReport();
    const allow = allowMatcher(options.allow, options.deny);
    for (const entry of this.siblings(server, tools, options, allow, report).values()) this.admit(entry, report);
    report.unmatchedAllow = allow.unmatched();
    this.dropped.set(
      server,
      report.skipped.filter((s) => s.reason === 'collision'),
    );
    this.clearWithdrawn(server);
    if (report.added.length > 0) this.events.emit('changed', { server, added: report.added, removed: [], updated: [] });
    return report;
  }

  /** Removes every tool of `server` and forgets its options; the exposed names removed. */
  removeServer(server: string): string[] {
    const removed = this.namesOf(server);
    for (const name of removed) this.drop(name);
    this.serverOptions.delete(server);
    this.dropped.delete(server);
    this.clearWithdrawn(server);
    if (removed.length > 0) this.events.emit('changed', { server, added: [], removed, updated: [] });
    return removed;
  }

  /** Replaces a server's tools in place; see `Registry.replaceServerTools`. */
  replaceServer(server: string, tools: readonly Tool[], options?: ServerToolOptions): ReplaceReport {
    const opts = options ?? this.serverOptions.get(server);
    if (!opts)
      throw new InvalidOptionsError({
        server,
        where: 'replaceServerTools',
        option: 'options',
        problem: 'is required the first time: this server was never registered',
        hint: 'pass the server options ({ prefix, allow, deny, ... }) on the first call, or register the server with registerServerTools first',
      });
    this.serverOptions.set(server, opts);
    const report: ReplaceReport = { ...emptyReport(), removed: [], updated: [], unchanged: [] };
    const allow = allowMatcher(opts.allow, opts.deny);
    const fresh = this.siblings(server, tools, opts, allow, report);
    report.unmatchedAllow = allow.unmatched();
    const next = new Map<string, Entry>();
    for (const [name, current] of this.entries) {
      if (current.def.server !== server) {
        next.set(name, current);
        continue;
      }
      const replacement = fresh.get(name);
      fresh.delete(name);
      if (!replacement) {
        releaseSchemas(current, this.compiler);
        report.removed.push(name);
        continue;
      }
      if (replacement.fingerprint === current.fingerprint) {
        // Same definition: keep the compiled validators and spec cache, but call through the new options.
        current.invoke = replacement.invoke;
        next.set(name, current);
        report.unchanged.push(name);
        continue;
      }
      releaseSchemas(current, this.compiler);
      this.prepare(replacement, report);
      next.set(name, replacement);
      report.updated.push(name);
    }
    this.entries = next;
    for (const entry of fresh.values()) this.admit(entry, report);
    this.dropped.set(
      server,
      report.skipped.filter((s) => s.reason === 'collision'),
    );
    this.clearWithdrawn(server);
    if (report.added.length + report.removed.length + report.updated.length > 0) {
      this.events.emit('changed', { server, added: report.added, removed: report.removed, updated: report.updated });
    }
    return report;
  }

  /** Withdraws a server's tools, remembering why; see `Registry.withdrawServer`. */
  withdrawServer(server: string, why: (tool: string) => McpBridgeError): string[] {
    const names = this.namesOf(server);
    for (const name of names) {
      this.withdrawn.set(name, { server, tool: this.entries.get(name)!.def.originalName, why });
      this.drop(name);
    }
    if (names.length > 0) this.events.emit('changed', { server, added: [], removed: names, updated: [] });
    return names;
  }

  /** Renamed and dropped tools; see `Registry.namingProblems`. */
  namingProblems(): NamingProblems {
    const renamed: RenamedTool[] = [];
    for (const entry of this.entries.values()) if (entry.nameChanges.length > 0) renamed.push(renamedTool(entry));
    return { renamed, dropped: [...this.dropped.values()].flat() };
  }

  /** The exposed names of one server's tools, in order. */
  namesOf(server: string): string[] {
    return [...this.entries.values()].filter((e) => e.def.server === server).map((e) => e.def.name);
  }

  /**
   * The entries for one server's tool list, keyed by exposed name, in list order. Among siblings
   * an exact name wins over a rewritten one, which takes a suffix; two exact names keep the first.
   */
  private siblings(
    server: string,
    tools: readonly Tool[],
    options: ServerToolOptions,
    allow: ReturnType<typeof allowMatcher>,
    report: RegisterReport,
  ): Map<string, Entry> {
    const listed: Entry[] = [];
    for (const tool of tools) {
      if (!allow.matches(tool.name)) report.skipped.push(notAllowed(server, tool.name));
      else if (!isModelVisible(tool)) report.skipped.push(appOnly(server, tool.name));
      else listed.push(mcpEntry(server, tool, options));
    }
    return placeSiblings(listed, (kept, rejected) => this.collide(kept, rejected, options.prefix ?? '', report));
  }

  /**
   * Adds an entry; compiles its schemas. When its name is taken, an exact name displaces a
   * rewritten one (which moves to a suffixed name, in place), a rewritten one takes a suffix
   * itself, and otherwise the first stays and the collision is reported.
   */
  private admit(entry: Entry, report: RegisterReport): void {
    const existing = this.entries.get(entry.def.name);
    if (existing) {
      const clash = yielding(existing, entry, (name) => this.entries.has(name));
      if (!clash) {
        this.collide(existing, entry, this.serverOptions.get(entry.def.server ?? '')?.prefix ?? '', report);
        return;
      }
      const { loser, winner, name } = clash;
      const before = loser.def.name;
      rename(loser, name, yieldedTo(winner, name.slice(before.length)));
      this.events.emit('renamed', renamedTool(loser));
      if (loser === existing) {
        // Keep the list order: the displaced tool stays where it was, under its new name.
        this.entries = new Map([...this.entries].map(([n, e]) => (e === existing ? [name, e] : [n, e])));
        report.renamed.push(renamedTool(loser));
        this.events.emit('changed', {
          ...(existing.def.server !== undefined ? { server: existing.def.server } : {}),
          added: [name],
          removed: [before],
          updated: [],
        });
      }
    }
    this.prepare(entry, report);
    this.entries.set(entry.def.name, entry);
    report.added.push(entry.def.name);
  }

  private prepare(entry: Entry, report: RegisterReport): void {
    for (const problem of compileSchemas(entry, this.compiler, (late) => this.events.emit('problem', late))) {
      report.problems.push(problem);
      this.events.emit('problem', problem);
    }
    if (entry.nameChanges.length > 0) report.renamed.push(renamedTool(entry));
  }

  private collide(kept: Entry, rejected: Entry, prefix: string, report: RegisterReport): void {
    const keptOrigin = { ...(kept.def.server !== undefined ? { server: kept.def.server } : {}), tool: kept.def.originalName };
    const rejectedOrigin = { ...(rejected.def.server !== undefined ? { server: rejected.def.server } : {}), tool: rejected.def.originalName };
    // A prefix only helps when the clash is with someone else; siblings that sanitise alike need an allow-list.
    const suggestion = rejected.def.server !== undefined && rejected.def.server !== kept.def.server ? suggestPrefix(rejected.def.server, prefix) : undefined;
    const error = new ToolNameCollisionError(rejected.def.name, keptOrigin, rejectedOrigin, suggestion);
    report.skipped.push({
      tool: rejected.def.originalName,
      ...(rejected.def.server !== undefined ? { server: rejected.def.server } : {}),
      reason: 'collision',
      message: error.message,
      error,
    });
    this.events.emit('collision', error);
  }

  private clearWithdrawn(server: string): void {
    for (const [name, gone] of this.withdrawn) if (gone.server === server) this.withdrawn.delete(name);
  }

  private drop(name: string): void {
    const entry = this.entries.get(name);
    if (!entry) return;
    releaseSchemas(entry, this.compiler);
    this.entries.delete(name);
  }
}

function emptyReport(): RegisterReport {
  return { added: [], skipped: [], problems: [], renamed: [], unmatchedAllow: [] };
}

// APPS-3: an app-only tool (`_meta.ui.visibility` without "model") is for its UI to call, never the agent.
function appOnly(server: string, tool: string): RegisterReport['skipped'][number] {
  return { tool, server, reason: 'app-only', message: `tool "${tool}" of server "${server}" is callable by its MCP App only (visibility without "model")` };
}

function notAllowed(server: string, tool: string): RegisterReport['skipped'][number] {
  return { tool, server, reason: 'not-allowed', message: `tool "${tool}" of server "${server}" is not in the server's allow list` };
}
