// RFC 6570 levels 1-4. The oracle is the RFC's own text: the variable assignments of §3.2 and every
// example of the level tables (§1.2), §2.4.1, §2.4.2 and §3.2.1-3.2.9, copied from the RFC with
// their published expansions. Every expansion is also matched back against its template.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { expandUriTemplate, matchUriTemplate, uriTemplateVariables, UriTemplateError } from '../../protocol/index.js';

// RFC 6570 §3.2 (and §1.2, §2.4), "The examples in the subsections below use the following definitions".
const values = {
  count: ['one', 'two', 'three'],
  dom: ['example', 'com'],
  dub: 'me/too',
  hello: 'Hello World!',
  half: '50%',
  var: 'value',
  who: 'fred',
  base: 'http://example.com/home/',
  path: '/foo/bar',
  list: ['red', 'green', 'blue'],
  keys: { semi: ';', dot: '.', comma: ',' },
  v: '6',
  x: '1024',
  y: '768',
  empty: '',
  empty_keys: {},
  undef: null,
  // §2.4.1 and §2.4.2
  semi: ';',
  year: ['1965', '2000', '2012'],
};

const RFC: [template: string, expansion: string][] = [
  // §1.2 Level 1
  ['{var}', 'value'],
  ['{hello}', 'Hello%20World%21'],
  // §1.2 Level 2
  ['{+var}', 'value'],
  ['{+hello}', 'Hello%20World!'],
  ['{+path}/here', '/foo/bar/here'],
  ['here?ref={+path}', 'here?ref=/foo/bar'],
  ['X{#var}', 'X#value'],
  ['X{#hello}', 'X#Hello%20World!'],
  // §1.2 Level 3
  ['map?{x,y}', 'map?1024,768'],
  ['{x,hello,y}', '1024,Hello%20World%21,768'],
  ['{+x,hello,y}', '1024,Hello%20World!,768'],
  ['{+path,x}/here', '/foo/bar,1024/here'],
  ['{#x,hello,y}', '#1024,Hello%20World!,768'],
  ['{#path,x}/here', '#/foo/bar,1024/here'],
  ['X{.var}', 'X.value'],
  ['X{.x,y}', 'X.1024.768'],
  ['{/var}', '/value'],
  ['{/var,x}/here', '/value/1024/here'],
  ['{;x,y}', ';x=1024;y=768'],
  ['{;x,y,empty}', ';x=1024;y=768;empty'],
  ['{?x,y}', '?x=1024&y=768'],
  ['{?x,y,empty}', '?x=1024&y=768&empty='],
  ['?fixed=yes{&x}', '?fixed=yes&x=1024'],
  ['{&x,y,empty}', '&x=1024&y=768&empty='],
  // §1.2 Level 4
  ['{var:3}', 'val'],
  ['{var:30}', 'value'],
  ['{list}', 'red,green,blue'],
  ['{list*}', 'red,green,blue'],
  ['{keys}', 'semi,%3B,dot,.,comma,%2C'],
  ['{keys*}', 'semi=%3B,dot=.,comma=%2C'],
  ['{+path:6}/here', '/foo/b/here'],
  ['{+list}', 'red,green,blue'],
  ['{+list*}', 'red,green,blue'],
  ['{+keys}', 'semi,;,dot,.,comma,,'],
  ['{+keys*}', 'semi=;,dot=.,comma=,'],
  ['{#path:6}/here', '#/foo/b/here'],
  ['{#list}', '#red,green,blue'],
  ['{#list*}', '#red,green,blue'],
  ['{#keys}', '#semi,;,dot,.,comma,,'],
  ['{#keys*}', '#semi=;,dot=.,comma=,'],
  ['X{.var:3}', 'X.val'],
  ['X{.list}', 'X.red,green,blue'],
  ['X{.list*}', 'X.red.green.blue'],
  ['X{.keys}', 'X.semi,%3B,dot,.,comma,%2C'],
  ['X{.keys*}', 'X.semi=%3B.dot=..comma=%2C'],
  ['{/var:1,var}', '/v/value'],
  ['{/list}', '/red,green,blue'],
  ['{/list*}', '/red/green/blue'],
  ['{/list*,path:4}', '/red/green/blue/%2Ffoo'],
  ['{/keys}', '/semi,%3B,dot,.,comma,%2C'],
  ['{/keys*}', '/semi=%3B/dot=./comma=%2C'],
  ['{;hello:5}', ';hello=Hello'],
  ['{;list}', ';list=red,green,blue'],
  ['{;list*}', ';list=red;list=green;list=blue'],
  ['{;keys}', ';keys=semi,%3B,dot,.,comma,%2C'],
  ['{;keys*}', ';semi=%3B;dot=.;comma=%2C'],
  ['{?var:3}', '?var=val'],
  ['{?list}', '?list=red,green,blue'],
  ['{?list*}', '?list=red&list=green&list=blue'],
  ['{?keys}', '?keys=semi,%3B,dot,.,comma,%2C'],
  ['{?keys*}', '?semi=%3B&dot=.&comma=%2C'],
  ['{&var:3}', '&var=val'],
  ['{&list}', '&list=red,green,blue'],
  ['{&list*}', '&list=red&list=green&list=blue'],
  ['{&keys}', '&keys=semi,%3B,dot,.,comma,%2C'],
  ['{&keys*}', '&semi=%3B&dot=.&comma=%2C'],
  // §2.4.1
  ['{var:20}', 'value'],
  ['{semi}', '%3B'],
  ['{semi:2}', '%3B'],
  // §2.4.2
  ['find{?year*}', 'find?year=1965&year=2000&year=2012'],
  ['www{.dom*}', 'www.example.com'],
  // §3.2.1
  ['{count}', 'one,two,three'],
  ['{count*}', 'one,two,three'],
  ['{/count}', '/one,two,three'],
  ['{/count*}', '/one/two/three'],
  ['{;count}', ';count=one,two,three'],
  ['{;count*}', ';count=one;count=two;count=three'],
  ['{?count}', '?count=one,two,three'],
  ['{?count*}', '?count=one&count=two&count=three'],
  ['{&count*}', '&count=one&count=two&count=three'],
  // §3.2.2
  ['{half}', '50%25'],
  ['O{empty}X', 'OX'],
  ['O{undef}X', 'OX'],
  ['{x,y}', '1024,768'],
  ['?{x,empty}', '?1024,'],
  ['?{x,undef}', '?1024'],
  ['?{undef,y}', '?768'],
  // §3.2.3
  ['{+half}', '50%25'],
  ['{base}index', 'http%3A%2F%2Fexample.com%2Fhome%2Findex'],
  ['{+base}index', 'http://example.com/home/index'],
  ['O{+empty}X', 'OX'],
  ['O{+undef}X', 'OX'],
  ['up{+path}{var}/here', 'up/foo/barvalue/here'],
  // §3.2.4
  ['{#var}', '#value'],
  ['{#hello}', '#Hello%20World!'],
  ['{#half}', '#50%25'],
  ['foo{#empty}', 'foo#'],
  ['foo{#undef}', 'foo'],
  // §3.2.5
  ['{.who}', '.fred'],
  ['{.who,who}', '.fred.fred'],
  ['{.half,who}', '.50%25.fred'],
  ['X{.empty}', 'X.'],
  ['X{.undef}', 'X'],
  ['X{.empty_keys}', 'X'],
  ['X{.empty_keys*}', 'X'],
  // §3.2.6
  ['{/who}', '/fred'],
  ['{/who,who}', '/fred/fred'],
  ['{/half,who}', '/50%25/fred'],
  ['{/who,dub}', '/fred/me%2Ftoo'],
  ['{/var,empty}', '/value/'],
  ['{/var,undef}', '/value'],
  // §3.2.7
  ['{;who}', ';who=fred'],
  ['{;half}', ';half=50%25'],
  ['{;empty}', ';empty'],
  ['{;v,empty,who}', ';v=6;empty;who=fred'],
  ['{;v,bar,who}', ';v=6;who=fred'],
  ['{;x,y,undef}', ';x=1024;y=768'],
  // §3.2.8
  ['{?who}', '?who=fred'],
  ['{?half}', '?half=50%25'],
  ['{?x,y,undef}', '?x=1024&y=768'],
  // §3.2.9
  ['{&who}', '&who=fred'],
  ['{&half}', '&half=50%25'],
  ['{&x,y,undef}', '&x=1024&y=768'],
];

test('RFC 6570 levels 1-4: every example of §1.2, §2.4 and §3.2 expands as published', () => {
  const wrong = RFC.filter(([template, expected]) => expandUriTemplate(template, values) !== expected).map(
    ([template, expected]) => `${template}: expected ${expected}, got ${expandUriTemplate(template, values)}`,
  );
  assert.deepEqual(wrong, []);
  assert.ok(RFC.length >= 120, `${RFC.length} examples`);
});

test('every RFC expansion matches its own template back', () => {
  const missed = RFC.filter(([template, expansion]) => matchUriTemplate(template, expansion) === undefined).map(([t, e]) => `${t} !~ ${e}`);
  assert.deepEqual(missed, []);
});

test("GitHub's repo://{owner}/{repo}/contents{/path*}: expanded from a list, matched back to one", () => {
  const t = 'repo://{owner}/{repo}/contents{/path*}';
  assert.equal(expandUriTemplate(t, { owner: 'octo', repo: 'hello', path: ['src', 'a b.ts'] }), 'repo://octo/hello/contents/src/a%20b.ts');
  assert.deepEqual(matchUriTemplate(t, 'repo://octo/hello/contents/src/a%20b.ts'), { owner: 'octo', repo: 'hello', path: ['src', 'a b.ts'] });
  assert.deepEqual(matchUriTemplate(t, 'repo://octo/hello/contents'), { owner: 'octo', repo: 'hello' });
  assert.equal(matchUriTemplate(t, 'repo://octo/hello/tree/src'), undefined);
  assert.equal(matchUriTemplate(t, 'repo://octo/hello/world/contents/x'), undefined, 'a simple variable never holds a "/"');
});

test('matching reads values back: strings percent-decoded, exploded lists as arrays, prefixes checked against the full value', () => {
  const t = 'demo://resource/dynamic/text/{resourceId}';
  assert.deepEqual(matchUriTemplate(t, 'demo://resource/dynamic/text/42'), { resourceId: '42' });
  assert.equal(matchUriTemplate(t, 'demo://resource/dynamic/blob/42'), undefined);
  assert.deepEqual(matchUriTemplate('{/var,x}/here', '/value/1024/here'), { var: 'value', x: '1024' });
  assert.deepEqual(matchUriTemplate('search{?q,lang}', 'search?q=a%20b&lang=en'), { q: 'a b', lang: 'en' });
  assert.deepEqual(matchUriTemplate('search{?q,lang}', 'search?lang=en'), { lang: 'en' }, 'an undefined first variable');
  assert.deepEqual(matchUriTemplate('file:///{+path}', 'file:///docs/a.md'), { path: 'docs/a.md' });
  assert.deepEqual(matchUriTemplate('X{.x,y}', 'X.1024.768'), { x: '1024', y: '768' });
  assert.deepEqual(matchUriTemplate('find{?year*}', 'find?year=1965&year=2000'), { year: ['1965', '2000'] });
  assert.deepEqual(matchUriTemplate('{/var:1,var}', '/v/value'), { var: 'value' });
  assert.equal(matchUriTemplate('{/var:1,var}', '/x/value'), undefined, 'the prefix disagrees with the value');
  assert.deepEqual(matchUriTemplate('dict/{term:1}/{term}', 'dict/c/cat'), { term: 'cat' });
  assert.equal(matchUriTemplate('{var:3}', 'valu'), undefined, 'a prefix of 3 holds at most 3 characters');
});

test('values: numbers and booleans as text, undefined/null/empty composites left out, prefixes count code points', () => {
  assert.equal(expandUriTemplate('demo://resource/dynamic/text/{resourceId}', { resourceId: 3 }), 'demo://resource/dynamic/text/3');
  assert.equal(expandUriTemplate('{?a,b,c,d}', { a: true, b: undefined, c: [], d: 0 }), '?a=true&d=0');
  assert.equal(expandUriTemplate('file:///{+path}', { path: 'a b/ü.txt' }), 'file:///a%20b/%C3%BC.txt');
  assert.equal(expandUriTemplate('{s:2}', { s: '😀😁😂' }), '%F0%9F%98%80%F0%9F%98%81');
  assert.equal(expandUriTemplate('{?m*}', { m: { a: '', b: null } }), '?a=', 'form-style keeps "=" for an empty pair value');
  assert.equal(expandUriTemplate('{;m*}', { m: { a: '' } }), ';a');
});

test('variables, and malformed templates refused with a typed error naming the template', () => {
  assert.deepEqual(uriTemplateVariables('{/a,b*}{?c:3}{a}'), ['a', 'b', 'c']);
  for (const bad of ['{unclosed', 'x}y', '{=x}', '{a b}', '{}', '{+}', '{var:0}', '{var:10000}', '{var:}', '{a{b}', '{|x}']) {
    assert.throws(
      () => expandUriTemplate(bad, {}),
      (e: unknown) => e instanceof UriTemplateError && e.code === 'MCPB_URI_TEMPLATE_INVALID' && e.context.template === bad,
      bad,
    );
    assert.throws(() => matchUriTemplate(bad, 'x'), UriTemplateError, bad);
  }
});

test('matching stays fast on long URIs that fail late (no exponential backtracking); over 8192 characters nothing matches', () => {
  const n = 8000;
  const cases: [string, string][] = [
    ['{a}{b}{c}{d}', `${'a'.repeat(n)}/`],
    ['{+a}{+b}x{+c}', '/'.repeat(n)],
    ['{+a}{+b}{+c}', `${'/'.repeat(n)}\u0000`],
    ['{/p*}{.q*}{;r*}', `${'/a=b'.repeat(1000)}${'.c=d'.repeat(900)}%`],
  ];
  for (const [template, uri] of cases) {
    const started = performance.now();
    assert.equal(matchUriTemplate(template, uri), undefined, template);
    assert.ok(performance.now() - started < 3_000, `${template}: ${(performance.now() - started).toFixed(0)} ms`);
  }
  assert.equal(matchUriTemplate('{+a}', 'x'.repeat(8193)), undefined);
  assert.deepEqual(matchUriTemplate('{+a}', 'x'.repeat(8192)), { a: 'x'.repeat(8192) });
});
