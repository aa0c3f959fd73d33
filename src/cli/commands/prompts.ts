// `mcp-bridge prompts [SERVER] [--json]` lists prompts; `mcp-bridge prompt NAME [ARGS_JSON |
// key=value ...] [--server S] [--json]` fills one in and prints its messages; `mcp-bridge complete
// prompt NAME ARG [VALUE] | resource URI_TEMPLATE ARG [VALUE] [key=value ...]` prints suggestions.
import type { CompleteReference, Prompt } from '../../../protocol/index.js';
import type { ParsedArgs } from '../args.js';
import { startServers } from '../start-servers.js';
import { resolveServers } from '../target.js';
import { ExitCode, UsageError, type CliIo, startFailureCode } from '../io.js';
import { parseArgsJson } from './call.js';
import { clientsFor, displayName, onlyServer, keyValues } from './context-servers.js';

export async function promptsCommand(args: ParsedArgs, io: CliIo): Promise<number> {
  // A URL target comes off the positionals first, so SERVER is what is left.
  const config = await resolveServers(args, io);
  const named = args.positionals[0] ?? onlyServer(args);
  const { manager, summary, io: out } = await startServers(args, io, config);
  io = out;
  try {
    const listing: { server: string; prompts: Prompt[] }[] = [];
    for (const { server, client } of await clientsFor(manager, 'prompts', named)) listing.push({ server, prompts: await client.listPrompts() });
    if (args.json) io.stdout(JSON.stringify(listing, null, 2) + '\n');
    else {
      if (listing.length === 0) io.stderr('mcp-bridge: no running server offers prompts\n');
      for (const { server, prompts } of listing) {
        io.stdout(`${server}: ${prompts.length} prompt${prompts.length === 1 ? '' : 's'}\n`);
        for (const p of prompts) {
          const params = (p.arguments ?? []).map((a) => `${a.name}${a.required ? '' : '?'}`).join(', ');
          io.stdout(`  ${displayName(p)}(${params})${p.description ? `  ${p.description.split('\n')[0]!.slice(0, 120)}` : ''}\n`);
        }
      }
    }
    return summary.failed.length > 0 && named === undefined ? startFailureCode(summary.failed) : ExitCode.ok;
  } finally {
    await manager.close();
  }
}

export async function promptCommand(args: ParsedArgs, io: CliIo): Promise<number> {
  const [name, ...rest] = args.positionals;
  if (!name) throw new UsageError('prompt needs a name: mcp-bridge prompt NAME [ARGS_JSON | key=value ...]');
  const values = rest.length === 1 && rest[0]!.trimStart().startsWith('{') ? parseArgsJson(rest[0]) : keyValues(rest, 'prompt arguments');
  const { manager, io: out } = await startServers(args, io);
  io = out;
  try {
    let owner: { server: string; client: import('../../client/client.js').Client } | undefined;
    for (const c of await clientsFor(manager, 'prompts', onlyServer(args))) {
      if (onlyServer(args) !== undefined || (await c.client.listPrompts()).some((p) => p.name === name)) {
        owner = c;
        break;
      }
    }
    if (!owner) throw new UsageError(`no running server has a prompt "${name}" (see mcp-bridge prompts)`);
    const result = await owner.client.getPrompt(name, values as Record<string, string>);
    if (args.json) {
      io.stdout(JSON.stringify(result, null, 2) + '\n');
      return ExitCode.ok;
    }
    if (result.description) io.stdout(`# ${result.description}\n`);
    for (const m of result.messages) {
      const c = m.content as { type: string; text?: string; resource?: { uri?: string; text?: string } };
      const body =
        c.type === 'text'
          ? c.text
          : c.type === 'resource' && typeof c.resource?.text === 'string'
            ? `[resource ${c.resource.uri}]\n${c.resource.text}`
            : `[${c.type} content]`;
      io.stdout(`[${m.role}] ${body}\n`);
    }
    return ExitCode.ok;
  } finally {
    await manager.close();
  }
}

export async function completeCommand(args: ParsedArgs, io: CliIo): Promise<number> {
  const [kind, target, argName, value = '', ...context] = args.positionals;
  if ((kind !== 'prompt' && kind !== 'resource') || !target || !argName) {
    throw new UsageError('usage: mcp-bridge complete prompt NAME ARG [VALUE] [key=value ...] | complete resource URI_TEMPLATE ARG [VALUE] [key=value ...]');
  }
  const ref: CompleteReference = kind === 'prompt' ? { type: 'ref/prompt', name: target } : { type: 'ref/resource', uri: target };
  const chosen = keyValues(context, 'context values');
  const { manager, io: out } = await startServers(args, io);
  io = out;
  try {
    const servers = await clientsFor(manager, 'completions', onlyServer(args));
    if (servers.length === 0) throw new UsageError('no running server offers completions');
    if (servers.length > 1 && onlyServer(args) === undefined)
      throw new UsageError(`several servers offer completions (${servers.map((s) => s.server).join(', ')}); name one with --server`);
    const completion = await servers[0]!.client.complete(ref, { name: argName, value }, Object.keys(chosen).length > 0 ? { arguments: chosen } : undefined);
    if (args.json) io.stdout(JSON.stringify(completion, null, 2) + '\n');
    else for (const v of completion.values) io.stdout(`${v}\n`);
    return ExitCode.ok;
  } finally {
    await manager.close();
  }
}
