// Tool search: the term rules (identifiers split as people read them, light stemming), BM25F ranking
// (a rarer word weighs more; a name outweighs a description), an index that follows the registry
// change by change and ranks exactly as one built from scratch, and the optional embedding hook.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { Registry, type Tool } from '../../src/index.js';
import { SearchIndex } from '../../src/registry/search/bm25.js';
import { stem, terms, words } from '../../src/registry/search/terms.js';

const caller = async () => ({ content: [] });

function tool(name: string, description: string, params: Record<string, string> = {}): Tool {
  return {
    name,
    description,
    inputSchema: { type: 'object', properties: Object.fromEntries(Object.entries(params).map(([k, d]) => [k, { type: 'string', description: d }])) },
  };
}

describe('search terms', () => {
  it('splits snake_case, kebab-case, dots, camelCase, acronyms and digits', () => {
    assert.deepEqual(words('list_pull-requests.v2'), ['list', 'pull', 'requests', 'v', '2']);
    assert.deepEqual(words('a to-do list'), ['a', 'to', 'do', 'todo', 'list'], 'a hyphenated pair is also one word');
    assert.deepEqual(words('getHTTPResponse'), ['get', 'http', 'response']);
    assert.deepEqual(words('s3Bucket'), ['s', '3', 'bucket']);
  });

  it('meets plural, -ing, -ed and a final e at one stem, and leaves short words and -ss alone', () => {
    for (const [a, b] of [
      ['files', 'file'],
      ['directories', 'directory'],
      ['listing', 'list'],
      ['created', 'create'],
      ['creating', 'create'],
      ['deleted', 'delete'],
      ['searches', 'search'],
      ['running', 'run'],
    ])
      assert.equal(stem(a), stem(b), `${a} ~ ${b}`);
    assert.equal(stem('class'), 'class');
    assert.equal(stem('status'), 'status');
    assert.equal(stem('gas'), 'gas');
    assert.equal(stem('folder'), 'folder');
    assert.equal(stem('server'), 'server');
  });

  it('drops stop words', () => {
    assert.deepEqual(terms('Show me all of the files in this folder'), ['show', 'all', 'file', 'folder']);
  });
});

describe('BM25F index', () => {
  it('ranks a match in the name above one in a description, and a rare word above a common one', () => {
    const index = new SearchIndex();
    index.set('a', { name: 'send_email', description: 'Sends a message to a user' });
    index.set('b', { name: 'notify', description: 'Sends an email notification to a user' });
    index.set('c', { name: 'list_users', description: 'Lists every user' });
    assert.deepEqual(
      index.search('email', 3).map((h) => h.id),
      ['a', 'b'],
    );
    // "user" is in all three, "list" in one: the listing tool wins a query with both.
    assert.equal(index.search('list user', 1)[0]?.id, 'c');
  });

  it('finds a tool by a synonym or a prefix, below an exact word', () => {
    const index = new SearchIndex();
    index.set('del', { name: 'delete_directory', description: 'Deletes a directory' });
    index.set('rm', { name: 'remove_folder', description: 'Removes a folder' });
    index.set('cal', { name: 'calendar_events', description: 'Events of a calendar' });
    assert.deepEqual(
      index.search('remove folder', 2).map((h) => h.id),
      ['rm', 'del'],
    );
    assert.equal(index.search('calend', 1)[0]?.id, 'cal');
    assert.deepEqual(index.search('the of and', 5), [], 'only stop words: nothing to rank');
  });

  it('built change by change, it ranks exactly as an index built at once (property)', () => {
    const vocabulary = ['file', 'read', 'write', 'user', 'issue', 'create', 'delete', 'list', 'repo', 'page', 'search', 'event'];
    const docArb = fc.record({
      name: fc.array(fc.constantFrom(...vocabulary), { minLength: 1, maxLength: 3 }),
      description: fc.array(fc.constantFrom(...vocabulary), { maxLength: 8 }),
    });
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 9 }), fc.option(docArb, { nil: undefined })), { minLength: 1, maxLength: 40 }),
        fc.array(fc.constantFrom(...vocabulary), { minLength: 1, maxLength: 3 }),
        (ops, query) => {
          const live = new SearchIndex();
          const final = new Map<string, { name: string; description: string }>();
          for (const [key, doc] of ops) {
            const id = `t${key}`;
            if (doc) {
              const fields = { name: doc.name.join('_'), description: doc.description.join(' ') };
              live.set(id, fields);
              final.delete(id);
              final.set(id, fields);
            } else {
              live.delete(id);
              final.delete(id);
            }
          }
          const fresh = new SearchIndex();
          for (const [id, fields] of final) fresh.set(id, fields);
          const q = query.join(' ');
          const a = live.search(q, 10);
          const b = fresh.search(q, 10);
          assert.deepEqual(
            a.map((h) => h.score.toFixed(9)),
            b.map((h) => h.score.toFixed(9)),
          );
          assert.deepEqual(new Set(a.map((h) => h.id)), new Set(b.map((h) => h.id)));
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('Registry.searchTools', () => {
  it('finds tools by task phrasing, across servers, and follows registrations, replacements and removals', async () => {
    const registry = new Registry();
    registry.registerServerTools(
      'gh',
      [tool('create_issue', 'Create a new issue in a GitHub repository', { title: 'Issue title' }), tool('list_commits', 'Get list of commits of a branch')],
      { prefix: 'gh_', caller },
    );
    registry.registerServerTools('fs', [tool('read_file', 'Read the complete contents of a file', { path: 'Path of the file' })], { prefix: 'fs_', caller });

    const hits = await registry.searchTools('open a new bug ticket in the repo', { limit: 2 });
    assert.equal(hits[0]?.name, 'gh_create_issue');
    assert.equal(hits[0]?.server, 'gh');
    assert.equal(hits[0]?.description, 'Create a new issue in a GitHub repository');
    assert.ok(typeof hits[0]?.score === 'number' && hits[0].score > 0);

    assert.equal((await registry.searchTools('show me what is in a file', { limit: 1 }))[0]?.name, 'fs_read_file');

    // A list change: the tool's description changes, a tool arrives, one leaves.
    registry.replaceServerTools('fs', [tool('read_file', 'Return the bytes of an image'), tool('write_file', 'Write text to a file', { content: 'The text' })]);
    assert.equal((await registry.searchTools('save some text into a file', { limit: 1 }))[0]?.name, 'fs_write_file');
    assert.equal((await registry.searchTools('picture bytes', { limit: 1 }))[0]?.name, 'fs_read_file');
    registry.removeServer('gh');
    assert.ok(!(await registry.searchTools('issue commits branch', { limit: 5 })).some((h) => h.server === 'gh'));
    // A native tool is searchable too, without a server.
    registry.register({ name: 'weather', description: 'Current weather for a city', inputSchema: { type: 'object' }, handler: () => 'sunny' });
    const weather = await registry.searchTools('what is the forecast in Paris', { limit: 1 });
    assert.equal(weather[0]?.name, 'weather');
    assert.equal('server' in (weather[0] ?? {}), false);
  });

  it('with an embed hook, fuses the vectors with the lexical ranking (a tool no word matches is found by its vector)', async () => {
    const seen: string[][] = [];
    // A toy embedding: one dimension per concept, as a user's model would give.
    const embed = (texts: string[]) => {
      seen.push(texts);
      return texts.map((t) => [/vacation|holiday|leave|time off/i.test(t) ? 1 : 0, /file/i.test(t) ? 1 : 0, 0.01]);
    };
    const registry = new Registry({ toolSearch: { embed } });
    registry.registerServerTools('hr', [tool('request_leave', 'Request time off'), tool('upload_file', 'Upload a file')], { caller });
    const hits = await registry.searchTools('plan my holiday', { limit: 1 });
    assert.equal(hits[0]?.name, 'request_leave');
    assert.equal(seen[0]?.length, 3, 'the query and both tools, in one call');
    await registry.searchTools('another holiday', { limit: 1 });
    assert.equal(seen[1]?.length, 1, 'tools are embedded once; later searches embed the query only');
  });
});
