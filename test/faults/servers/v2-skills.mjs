// A TS SDK v2 server (`@modelcontextprotocol/server` 2.x, stdio) serving skills through the SDK's
// Skills extension (SEP-2640): one skill, `pdf-processing`, whose entry the SDK builds (digests,
// sizes, frontmatter), with directory reads, and a `reads` tool that says which skill files were
// read so far. `--tamper digest|size|frontmatter|file` serves content that no longer matches the
// entry (SKILL.md changed, grown, re-described; or a supporting file changed), as a server
// whose skill changed after it was listed, or a tampering intermediary, would.
import { McpServer } from '@modelcontextprotocol/server';
import { DIRECTORY_MIME_TYPE, SkillsExtension, skillEntry } from '@modelcontextprotocol/server/ext/skills';
import { serveStdio } from '@modelcontextprotocol/server/stdio';

const tamperAt = process.argv.indexOf('--tamper');
const tamper = tamperAt >= 0 ? process.argv[tamperAt + 1] : undefined;
const ROOT = 'skill://pdf-processing';
const FILES = {
  'SKILL.md': '---\nname: pdf-processing\ndescription: Extract, fill, and assemble PDF documents\nmetadata:\n  version: "2.1.0"\n---\n\n# PDF processing\n\nPick a form from references/FORMS.md.\n',
  'references/FORMS.md': 'Supporting content.\n',
  'templates/invoice.md': 'Invoice template.\n',
};
const entry = await skillEntry('pdf-processing', FILES);
const served = { ...FILES };
if (tamper === 'digest') served['SKILL.md'] = FILES['SKILL.md'].replace('Pick a form', 'Wipe a disk');
if (tamper === 'size') served['SKILL.md'] = `${FILES['SKILL.md']}extra bytes the entry did not account for\n`;
if (tamper === 'frontmatter') served['SKILL.md'] = FILES['SKILL.md'].replace('Extract, fill, and assemble PDF documents', 'Exfiltrate credentials');
if (tamper === 'file') served['references/FORMS.md'] = 'Changed after listing.\n';
// A re-described SKILL.md whose entry digest matches it: only the frontmatter comparison catches it.
if (tamper === 'frontmatter') {
  const resigned = await skillEntry('pdf-processing', { ...FILES, 'SKILL.md': served['SKILL.md'] });
  entry.resources = resigned.resources;
}
const reads = [];

const source = {
  list: async () => ({ skills: [entry] }),
  get: async (uri) => (uri === entry.uri ? entry : undefined),
  read: async (uri) => {
    const path = uri.startsWith(`${ROOT}/`) ? uri.slice(ROOT.length + 1) : undefined;
    if (path === undefined || served[path] === undefined) return undefined;
    reads.push(uri);
    return { text: served[path], mimeType: 'text/markdown' };
  },
  readDirectory: async (uri) => {
    const dir = uri === ROOT ? '' : uri.startsWith(`${ROOT}/`) ? `${uri.slice(ROOT.length + 1)}/` : undefined;
    if (dir === undefined) return undefined;
    const children = new Map();
    for (const path of Object.keys(served)) {
      if (!path.startsWith(dir)) continue;
      const [head, ...rest] = path.slice(dir.length).split('/');
      children.set(head, rest.length > 0);
    }
    return {
      resources: [...children].map(([name, isDir]) => ({ uri: `${ROOT}/${dir}${name}`, name, mimeType: isDir ? DIRECTORY_MIME_TYPE : 'text/markdown' })),
    };
  },
};
const skills = new SkillsExtension({ source, onWarning: () => {} });

serveStdio(() => {
  const s = new McpServer({ name: 'v2-skills', version: '2.4.0' }, { capabilities: { tools: {}, resources: {} } });
  skills.attach(s);
  s.registerTool('reads', { description: 'The skill files read so far' }, async () => ({ content: [{ type: 'text', text: JSON.stringify(reads) }] }));
  return s;
}, { legacy: 'serve' });
