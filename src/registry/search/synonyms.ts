// Words an agent's request and a tool's definition use for the same action or thing. A model asks
// to "remove a folder" where the tool says `delete_directory`; BM25 alone scores that zero. Query
// terms are widened by their group at a lower weight than the word itself, so an exact word still
// ranks first. Groups are stemmed with the index's own stemmer when first used.
import { terms } from './terms.js';

const GROUPS = [
  'delete remove erase drop destroy purge trash unlink discard',
  'create make add new insert generate build',
  'get fetch retrieve read show view load obtain open display',
  'list enumerate browse',
  'find search query lookup locate discover grep filter',
  'update edit modify change set patch alter',
  'move rename relocate',
  'write save store put persist',
  'send post publish notify message email',
  'run execute exec invoke call launch trigger',
  'stop kill terminate cancel halt abort',
  'directory folder dir',
  'file document doc',
  'repository repo',
  'issue ticket bug',
  'pull pr',
  'comment reply',
  'user member person people account',
  'image picture photo screenshot',
  'page site url website webpage link',
  'calendar event meeting appointment schedule',
  'time date clock',
  'weather forecast temperature rain snow wind',
  'summarize summary',
  'database db sql',
  'table collection',
  'sum plus total calculate compute addition',
  'click press tap',
  'type fill',
  'navigate visit go',
  'entity node',
  'relation edge connection',
  'observation fact',
  'branch ref',
  'commit revision',
  'log history',
  'chart graph plot diagram visualize visualization',
  'size length count',
  'info information detail details metadata',
  'env environment variable',
  'close shut',
  'remember memorize memory know knowledge',
  'forget delete',
  'travel distance route direction trip journey drive commute',
  'elevation altitude height sea',
  'flowchart flow diagram',
  'near nearby local place shop restaurant business',
  'login signin whoami viewer self',
  'sprint cycle iteration',
  'todo task',
  'javascript js script',
  'paragraph block',
  'webhook hook callback',
  'watch monitor track',
  'error exception crash failure',
  'row record entry',
  'count tally many',
  'stash shelve',
] as const;

let table: Map<string, string[]> | undefined;

/** The other terms of every group a (stemmed) term belongs to. */
export function synonymsOf(term: string): readonly string[] {
  if (!table) {
    table = new Map();
    for (const group of GROUPS) {
      const members = [...new Set(terms(group))];
      for (const m of members) table.set(m, [...new Set([...(table.get(m) ?? []), ...members.filter((o) => o !== m)])]);
    }
  }
  return table.get(term) ?? [];
}
