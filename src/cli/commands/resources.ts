// `mcp-bridge resources [SERVER] [--json]` lists resources and templates; `mcp-bridge read URI
// [--server S] [--out FILE]` reads one: text to stdout, binary only as bytes (to --out, or to a
// stdout that is not a terminal), never dumped on a terminal.
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { checkUriTemplate, matchUriTemplate, UriTemplateError, type Resource, type ResourceTemplate } from '../../../protocol/index.js';
import { resourceBytes } from '../../client/resources.js';
import type { ParsedArgs } from '../args.js';
import { startServers } from '../start-servers.js';
import { resolveServers } from '../target.js';
import { ExitCode, UsageError, type CliIo, startFailureCode } from '../io.js';
import { clientsFor, displayName, onlyServer } from './context-servers.js';

export async function resourcesCommand(args: ParsedArgs, io: CliIo): Promise<number> {
  // A URL target comes off the positionals first, so SERVER is what is left.
  const config = await resolveServers(args, io);
  const named = args.positionals[0] ?? onlyServer(args);
  const { manager, summary, io: out } = await startServers(args, io, config);
  io = out;
  try {
    const listing: { server: string; resources: Resource[]; resourceTemplates: ResourceTemplate[] }[] = [];
    for (const { server, client } of clientsFor(manager, 'resources', named)) {
      listing.push({ server, resources: await client.listResources(), resourceTemplates: await client.listResourceTemplates() });
    }
    if (args.json) io.stdout(JSON.stringify(listing, null, 2) + '\n');
    else {
      if (listing.length === 0) io.stderr('mcp-bridge: no running server offers resources\n');
      for (const { server, resources, resourceTemplates } of listing) {
        io.stdout(
          `${server}: ${resources.length} resource${resources.length === 1 ? '' : 's'}, ${resourceTemplates.length} template${resourceTemplates.length === 1 ? '' : 's'}\n`,
        );
        for (const r of resources) io.stdout(`  ${displayName(r)}  ${r.uri}${r.mimeType ? `  (${r.mimeType})` : ''}\n`);
        for (const t of resourceTemplates) io.stdout(`  ${displayName(t)}  ${t.uriTemplate}  [template]${t.mimeType ? `  (${t.mimeType})` : ''}\n`);
      }
    }
    return summary.failed.length > 0 && named === undefined ? startFailureCode(summary.failed) : ExitCode.ok;
  } finally {
    await manager.close();
  }
}

export async function readCommand(args: ParsedArgs, io: CliIo): Promise<number> {
  const uri = args.positionals[0];
  if (!uri) throw new UsageError('read needs a URI: mcp-bridge read URI [--server S] [--out FILE]');
  const { manager, io: out } = await startServers(args, io);
  io = out;
  try {
    const candidates = clientsFor(manager, 'resources', onlyServer(args));
    let owner = candidates.length === 1 ? candidates[0] : undefined;
    if (!owner) {
      // Several servers offer resources: the one that lists the URI or has a matching template.
      for (const c of candidates) {
        const [resources, templates] = await Promise.all([c.client.listResources(), c.client.listResourceTemplates()]);
        if (resources.some((r) => r.uri === uri) || templates.some((t) => templateMatches(t.uriTemplate, uri, c.server, io))) {
          owner = c;
          break;
        }
      }
    }
    if (!owner) throw new UsageError(candidates.length === 0 ? 'no running server offers resources' : `no server lists "${uri}"; name one with --server`);
    const result = await owner.client.readResource(uri);
    const binary = result.contents.some((c) => 'blob' in c);
    if (args.out !== undefined) {
      const files = result.contents.map((_, i) => resolve(io.cwd, i === 0 ? args.out! : `${args.out}.${i + 1}`));
      result.contents.forEach((c, i) => writeFileSync(files[i]!, resourceBytes(c)));
      if (!args.quiet) io.stderr(`mcp-bridge: wrote ${files.join(', ')}\n`);
      return ExitCode.ok;
    }
    if (binary) {
      if (io.stdoutIsTTY || !io.stdoutBytes) {
        const sizes = result.contents.map((c) => `${resourceBytes(c).length} bytes${c.mimeType ? ` of ${c.mimeType}` : ''}`).join(', ');
        io.stderr(`mcp-bridge: ${uri} is binary (${sizes}); not printed on a terminal. Use --out FILE, or pipe stdout\n`);
        return ExitCode.toolError;
      }
      for (const c of result.contents) io.stdoutBytes(resourceBytes(c));
      return ExitCode.ok;
    }
    if (args.json) io.stdout(JSON.stringify(result, null, 2) + '\n');
    else
      for (const c of result.contents) {
        const text = 'text' in c ? c.text : '';
        io.stdout(text + (text.endsWith('\n') ? '' : '\n'));
      }
    return ExitCode.ok;
  } finally {
    await manager.close();
  }
}

// A template that does not parse matches nothing here, but is told, never skipped in silence.
function templateMatches(template: string, uri: string, server: string, io: CliIo): boolean {
  try {
    return matchUriTemplate(template, uri) !== undefined;
  } catch (error) {
    if (!(error instanceof UriTemplateError)) throw error;
    try {
      checkUriTemplate(template, server);
    } catch (named) {
      io.stderr(`mcp-bridge: ${(named as Error).message} [${(named as UriTemplateError).code}]\n`);
    }
    return false;
  }
}
