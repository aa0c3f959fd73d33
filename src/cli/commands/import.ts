// `mcp-bridge import`: a host's config file (by host name, or --file) turned into an mcp-bridge
// config with its servers, inline secrets replaced by variables; then the host's one new entry,
// `mcp-bridge serve --config FILE`, printed, or written into the host's file (--rewrite-host, with a
// backup). Secret values are never printed: only the names of the variables to set.

import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { readConfigDocument, parseConfig, stringifyYaml } from '../../config/load.js';
import { inputVariable } from '../../config/expand-vars.js';
import { importHostDocument, type HostImport } from '../../config/import-host.js';
import { codexServeTable, hostServeEntry, rewriteCodexText, rewriteHostDocument, SERVE_ENTRY_NAME, serveCommand } from '../../config/serve-entry.js';
import type { HostName } from '../../config/hosts.js';
import type { ParsedArgs } from '../args.js';
import { canonicalJson } from '../../util/canonical-json.js';
import { ExitCode, UsageError, type CliIo } from '../io.js';
import { configPath, fromHost } from '../target.js';

export async function importCommand(args: ParsedArgs, io: CliIo): Promise<number> {
  if (args.positionals.length > 0) throw new UsageError(`import takes no arguments, got ${JSON.stringify(args.positionals.join(' '))}`);
  if (args.config !== undefined)
    throw new UsageError('import reads --from HOST or --file PATH (--config names the file serve reads; give the new one with --out)');
  if (args.from === undefined && args.file === undefined) throw new UsageError('import needs --from HOST (its usual file) or --file PATH (any host file)');
  const hostFile = args.file !== undefined ? resolve(io.cwd, args.file) : configPath(args, io);
  const forced = args.from !== undefined ? fromHost(args.from) : undefined;
  const out = resolve(io.cwd, args.out ?? 'mcp-bridge.yaml');
  if (out === hostFile) throw new UsageError(`--out ${out} is the host file itself; give another path`);
  if (existsSync(out) && !args.force) throw new UsageError(`${out} exists; pass --force to replace it, or --out another path`);
  const text = readHost(hostFile);
  // The host file must load as it is (every problem located) before anything is written.
  const loaded = parseConfig(text, { file: hostFile, env: stubEnv(io.env), project: io.cwd, ...(forced ? { host: forced } : {}) });
  if (loaded.host === 'mcp-bridge') throw new UsageError(`${hostFile} is already an mcp-bridge config: pass it to serve --config as it is`);
  const imported = importHostDocument(readConfigDocument(text, hostFile), { file: hostFile, host: loaded.host, project: io.cwd, out });
  if (!imported) throw new UsageError(`${hostFile} has no MCP servers section`);
  if (imported.servers.length === 0) throw new UsageError(`${hostFile} has no server mcp-bridge can run${skippedText(imported)}`);
  const yamlText = `${header(hostFile, imported)}${stringifyYaml(imported.config)}`;
  // What we write must load: a failure here is ours, said before the file exists.
  parseConfig(yamlText, { file: out, env: stubEnv(io.env) });
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, yamlText, { mode: 0o644 });

  const inputsEnv = imported.host === 'vscode' ? Object.fromEntries(imported.inputs.map((id) => [inputVariable(id), `\${input:${id}}`])) : {};
  const passThrough = referencedVariables(yamlText).filter((v) => !imported.secrets.some((s) => s.name === v) && !Object.hasOwn(inputsEnv, v));
  const shown = hostServeEntry(imported.host, serveCommand(out, inputsEnv, passThrough));
  let backup: string | undefined;
  if (args.rewriteHost) {
    const secrets = Object.fromEntries(imported.secrets.map((s) => [s.name, s.value]));
    backup = rewriteHost(hostFile, text, imported, hostServeEntry(imported.host, serveCommand(out, { ...inputsEnv, ...secrets }, passThrough)), io.env, io.cwd);
  }
  const variables = imported.secrets.map(({ name, server, field }) => ({ name, server, field }));
  if (args.json) {
    io.stdout(
      `${JSON.stringify(
        {
          out,
          hostFile,
          host: imported.host,
          servers: imported.servers.map((s) => s.name),
          skipped: imported.skipped.map(({ name, reason }) => ({ name, reason })),
          dropped: imported.dropped,
          variables,
          environment: passThrough,
          inputs: imported.inputs.map((id) => ({ id, variable: inputVariable(id) })),
          hostEntry: { name: SERVE_ENTRY_NAME, entry: shown },
          rewritten: args.rewriteHost,
          ...(backup ? { backup } : {}),
        },
        null,
        2,
      )}\n`,
    );
    return ExitCode.ok;
  }
  const lines = [
    `Wrote ${out}: ${imported.servers.length} server${imported.servers.length === 1 ? '' : 's'} from ${imported.host} (${hostFile}): ${imported.servers.map((s) => s.name).join(', ')}`,
  ];
  for (const s of imported.skipped) lines.push(`Not imported (left in the host file): ${s.name}: ${s.reason}`);
  if (imported.dropped.length > 0)
    lines.push(`Not carried (mcp-bridge does not use them): ${imported.dropped.map((d) => `${d.key} (${d.server})`).join(', ')}`);
  if (variables.length > 0) {
    lines.push(
      `Secrets the host file held inline are \${VAR} references in ${out}; serve reads them from its environment:`,
      ...variables.map((v) => `  ${v.name}  (${v.server}: ${v.field})`),
    );
  }
  if (passThrough.length > 0)
    lines.push(`serve also reads ${passThrough.join(', ')} from its environment, as the host did (they were references there already)`);
  if (imported.inputs.length > 0)
    lines.push(`VS Code inputs reach serve as variables: ${imported.inputs.map((id) => `\${input:${id}} as ${inputVariable(id)}`).join(', ')}`);
  if (backup !== undefined) {
    const passed = variables.length > 0 ? `, passing ${variables.map((v) => v.name).join(', ')} to it from the host file (where the values were before)` : '';
    lines.push(`Rewrote ${hostFile} (backup: ${backup}): its imported servers are replaced by one entry, ${SERVE_ENTRY_NAME}, that runs serve${passed}.`);
  } else {
    lines.push(`Replace the imported servers in ${hostFile} with this entry (or run again with --rewrite-host):`, entryText(imported.host, shown));
    if (variables.length > 0) lines.push(`and set ${variables.map((v) => v.name).join(', ')} where the host starts it (e.g. under its env).`);
  }
  io.stdout(`${lines.join('\n')}\n`);
  return ExitCode.ok;
}

function readHost(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new UsageError(code === 'ENOENT' ? `no host file at ${file}` : `${file} could not be read (${code ?? 'error'})`);
  }
}

/**
 * The environment with a stand-in for every variable it lacks: checking that a file loads needs none
 * of its secrets (the host's own variable spellings, such as Codex's env_vars, included).
 */
function stubEnv(env: CliIo['env']): Record<string, string | undefined> {
  return new Proxy({ ...env }, { get: (target, name) => (typeof name === 'string' ? (target[name] ?? 'set-by-import-check') : undefined) });
}

/** The variables a config text reads (`${NAME}`, `${env:NAME}`, `${NAME:-default}`), in order, once each. */
function referencedVariables(text: string): string[] {
  const names = [...text.matchAll(/(?<!\$)\$\{(?:env:)?([A-Za-z_][A-Za-z0-9_]*)(?:\}|:-)/g)].map((m) => m[1]!);
  return [...new Set(names)].filter((n) => !['workspaceFolder', 'workspaceFolderBasename', 'userHome', 'pathSeparator'].includes(n));
}

function header(hostFile: string, imported: HostImport): string {
  const vars = imported.secrets.map((s) => s.name);
  return [
    `# Imported by mcp-bridge import from ${hostFile} (${imported.host}).`,
    ...(vars.length > 0 ? [`# Set before serve starts (the host file held them inline): ${vars.join(', ')}`] : []),
    '',
  ].join('\n');
}

function skippedText(imported: HostImport): string {
  return imported.skipped.length === 0 ? '' : `: ${imported.skipped.map((s) => `${s.name} (${s.reason})`).join('; ')}`;
}

/** The entry as text in the host file's language, under its section. */
function entryText(host: HostName, entry: Record<string, unknown>): string {
  if (host === 'codex') return codexServeTable(entry).trimEnd();
  const doc = rewriteHostDocument(host, {}, [], entry);
  return host === 'goose' || host === 'continue' ? stringifyYaml(doc).trimEnd() : JSON.stringify(doc, null, 2);
}

/** Writes the host file with the serve entry in place of the imported servers; returns the backup's path. */
function rewriteHost(hostFile: string, text: string, imported: HostImport, entry: Record<string, unknown>, env: CliIo['env'], project: string): string {
  const root = readConfigDocument(text, hostFile) as Record<string, unknown>;
  const paths = imported.servers.map((s) => s.path);
  const wanted = rewriteHostDocument(imported.host, root, paths, entry);
  const next = /\.toml$/i.test(hostFile)
    ? rewriteCodexText(
        text,
        paths.map((p) => String(p.at(-1))),
        entry,
      )
    : /\.ya?ml$/i.test(hostFile)
      ? stringifyYaml(wanted)
      : `${JSON.stringify(wanted, null, 2)}\n`;
  // The new text must read back as exactly the old document with the entries swapped (TOML is edited
  // as text to keep its comments), and load as this host's file.
  const unchanged = canonicalJson(readConfigDocument(next, hostFile)) === canonicalJson(wanted);
  const check = unchanged ? parseConfig(next, { file: hostFile, host: imported.host, env: stubEnv(env), project }) : undefined;
  if (!check?.servers.some((s) => s.name === SERVE_ENTRY_NAME))
    throw new UsageError(`could not rewrite ${hostFile} safely; it is unchanged: add the entry printed without --rewrite-host by hand`);
  let backup = `${hostFile}.bak`;
  for (let n = 1; existsSync(backup); n++) backup = `${hostFile}.bak.${n}`;
  copyFileSync(hostFile, backup);
  writeFileSync(hostFile, next);
  return backup;
}
