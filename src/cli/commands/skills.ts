// `mcp-bridge skills [SERVER] [--json]` lists the skills of every running server that declares the
// Skills extension (entries only: no skill file is read); `mcp-bridge skill NAME|URI [--server S]
// [--json]` loads one, verified against its entry, and prints its SKILL.md.
import type { Skill } from '../../../protocol/index.js';
import type { Client } from '../../client/client.js';
import { skillsSettings } from '../../client/features.js';
import type { Manager } from '../../manager/manager.js';
import type { ParsedArgs } from '../args.js';
import { ExitCode, UsageError, type CliIo, startFailureCode } from '../io.js';
import { startServers } from '../start-servers.js';
import { clientsFor, onlyServer } from './context-servers.js';

/** The named server, or every ready one declaring the extension (lazy ones started first). */
function skillServers(manager: Manager, named: string | undefined): Promise<{ server: string; client: Client }[]> {
  return clientsFor(manager, (caps) => skillsSettings(caps) !== undefined, named);
}

export async function skillsCommand(args: ParsedArgs, io: CliIo): Promise<number> {
  const named = args.positionals[0] ?? onlyServer(args);
  const { manager, summary, io: out } = await startServers(args, io);
  io = out;
  try {
    const listing: { server: string; skills: Skill[] }[] = [];
    for (const { server, client } of await skillServers(manager, named)) listing.push({ server, skills: await client.listSkills() });
    if (args.json) io.stdout(JSON.stringify(listing, null, 2) + '\n');
    else {
      if (listing.length === 0) io.stderr('mcp-bridge: no running server offers skills\n');
      for (const { server, skills } of listing) {
        io.stdout(`${server}: ${skills.length} skill${skills.length === 1 ? '' : 's'}\n`);
        for (const s of skills) {
          const files = s.resources === 'dynamic' ? 'dynamic' : `${s.resources.length} file${s.resources.length === 1 ? '' : 's'}`;
          io.stdout(`  ${s.frontmatter.name}  ${s.uri}  (${files})  ${String(s.frontmatter.description).split('\n')[0]!.slice(0, 120)}\n`);
        }
      }
    }
    return summary.failed.length > 0 && named === undefined ? startFailureCode(summary.failed) : ExitCode.ok;
  } finally {
    await manager.close();
  }
}

export async function skillCommand(args: ParsedArgs, io: CliIo): Promise<number> {
  const wanted = args.positionals[0];
  if (!wanted) throw new UsageError('skill needs a name or a SKILL.md uri: mcp-bridge skill NAME|URI [--server S]');
  const { manager, io: out } = await startServers(args, io);
  io = out;
  try {
    const matches: { server: string; client: Client; entry: Skill }[] = [];
    for (const { server, client } of await skillServers(manager, onlyServer(args))) {
      for (const entry of await client.listSkills()) if (entry.uri === wanted || entry.frontmatter.name === wanted) matches.push({ server, client, entry });
    }
    // SKILL-9: a skill missing from every listing may still be served; a URI is asked for directly.
    if (matches.length === 0 && wanted.includes('://')) {
      const servers = await skillServers(manager, onlyServer(args));
      if (servers.length === 1) matches.push({ ...servers[0]!, entry: await servers[0]!.client.getSkill(wanted) });
    }
    if (matches.length === 0) throw new UsageError(`no running server lists a skill "${wanted}" (see mcp-bridge skills)`);
    if (matches.length > 1)
      throw new UsageError(`several skills match "${wanted}": ${matches.map((m) => `${m.server} ${m.entry.uri}`).join(', ')}; pass a uri and --server`);
    const { server, client, entry } = matches[0]!;
    const skill = await client.loadSkill(entry);
    if (args.json) io.stdout(JSON.stringify({ server, entry: skill.entry, instructions: skill.instructions }, null, 2) + '\n');
    else io.stdout(skill.instructions.endsWith('\n') ? skill.instructions : `${skill.instructions}\n`);
    return ExitCode.ok;
  } finally {
    await manager.close();
  }
}
