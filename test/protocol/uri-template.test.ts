// RFC 6570 levels 1-3: every example of the RFC's §1.2 level tables and §3.2 expansions that
// needs no level-4 feature, expanded and matched back.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { expandUriTemplate, matchUriTemplate, uriTemplateVariables, UriTemplateError } from '../../protocol/index.js';

const values = {
  var: 'value',
  hello: 'Hello World!',
  path: '/foo/bar',
  empty: '',
  x: '1024',
  y: '768',
  base: 'http://example.com/home/',
  who: 'fred',
  v: '6',
  dub: 'me/too',
  half: '50%',
  dom: 'example.com',
};

const CASES: [template: string, expected: string][] = [
  // Level 1 (§1.2)
  ['{var}', 'value'],
  ['{hello}', 'Hello%20World%21'],
  // Level 2
  ['{+var}', 'value'],
  ['{+hello}', 'Hello%20World!'],
  ['{+path}/here', '/foo/bar/here'],
  ['here?ref={+path}', 'here?ref=/foo/bar'],
  ['X{#var}', 'X#value'],
  ['X{#hello}', 'X#Hello%20World!'],
  // Level 3
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
  // §3.2.2-3.2.9 (level 1-3 rows), undefined variables left out
  ['{half}', '50%25'],
  ['O{empty}X', 'OX'],
  ['O{undef}X', 'OX'],
  ['{x,empty}', '1024,'],
  ['{x,undef}', '1024'],
  ['{undef,y}', '768'],
  ['{+half}', '50%25'],
  ['{base}index', 'http%3A%2F%2Fexample.com%2Fhome%2Findex'],
  ['{+base}index', 'http://example.com/home/index'],
  ['O{+empty}X', 'OX'],
  ['{+path}/here', '/foo/bar/here'],
  ['{#half}', '#50%25'],
  ['{.who}', '.fred'],
  ['{.who,who}', '.fred.fred'],
  ['{.half,who}', '.50%25.fred'],
  ['www{.dom}', 'www.example.com'],
  ['X{.empty}', 'X.'],
  ['X{.undef}', 'X'],
  ['{/who}', '/fred'],
  ['{/who,who}', '/fred/fred'],
  ['{/half,who}', '/50%25/fred'],
  ['{/who,dub}', '/fred/me%2Ftoo'],
  ['{/var,empty}', '/value/'],
  ['{/var,undef}', '/value'],
  ['{;who}', ';who=fred'],
  ['{;half}', ';half=50%25'],
  ['{;empty}', ';empty'],
  ['{;v,empty,who}', ';v=6;empty;who=fred'],
  ['{;v,bar,who}', ';v=6;who=fred'],
  ['{?who}', '?who=fred'],
  ['{?half}', '?half=50%25'],
  ['{?x,y,undef}', '?x=1024&y=768'],
  ['{&who}', '&who=fred'],
  ['?fixed=yes{&x}', '?fixed=yes&x=1024'],
  ['{&var}', '&var=value'],
  // MCP's own: the everything server's templates
  ['demo://resource/dynamic/text/{resourceId}', 'demo://resource/dynamic/text/'],
];

test('RFC 6570 levels 1-3: the RFC examples expand as published', () => {
  for (const [template, expected] of CASES) assert.equal(expandUriTemplate(template, values), expected, template);
  assert.equal(expandUriTemplate('demo://resource/dynamic/text/{resourceId}', { resourceId: 3 }), 'demo://resource/dynamic/text/3');
  assert.equal(expandUriTemplate('file:///{+path}', { path: 'a b/ü.txt' }), 'file:///a%20b/%C3%BC.txt');
});

test('matching: an expansion matches its template and gives the values back', () => {
  const t = 'demo://resource/dynamic/text/{resourceId}';
  assert.deepEqual(matchUriTemplate(t, 'demo://resource/dynamic/text/42'), { resourceId: '42' });
  assert.equal(matchUriTemplate(t, 'demo://resource/dynamic/blob/42'), undefined);
  assert.equal(matchUriTemplate(t, 'demo://resource/dynamic/text/4/2'), undefined, 'a simple variable never holds a "/"');
  assert.deepEqual(matchUriTemplate('{/var,x}/here', '/value/1024/here'), { var: 'value', x: '1024' });
  assert.deepEqual(matchUriTemplate('search{?q,lang}', 'search?q=a%20b&lang=en'), { q: 'a b', lang: 'en' });
  assert.deepEqual(matchUriTemplate('file:///{+path}', 'file:///docs/a.md'), { path: 'docs/a.md' });
  assert.deepEqual(matchUriTemplate('X{.x,y}', 'X.1024.768'), { x: '1024', y: '768' });
  for (const [template, expected] of CASES) assert.ok(matchUriTemplate(template, expected), `${template} matches ${expected}`);
});

test('variables, and level-4 or malformed templates refused with a typed error', () => {
  assert.deepEqual(uriTemplateVariables('{/a,b}{?c}{a}'), ['a', 'b', 'c']);
  for (const bad of ['{var:3}', '{list*}', '{unclosed', 'x}y', '{=x}', '{a b}', '{}']) {
    assert.throws(
      () => expandUriTemplate(bad, {}),
      (e: unknown) => e instanceof UriTemplateError && e.code === 'MCPB_URI_TEMPLATE_INVALID',
      bad,
    );
  }
});
