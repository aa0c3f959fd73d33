// Resources, prompts, completion, subscriptions and logging against the official servers, every
// message both ways validated against the negotiated schema. Covers PAGE-2, PAGE-3, RES-1, RES-2,
// LOG-2, LOG-3, ICON-1 and the capability gate (no request a server did not declare).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  CapabilityMissingError,
  expandUriTemplate,
  McpError,
  RequestAbortedError,
  resourceBytes,
  type LoggingMessageParams,
  type ResourceUpdatedParams,
} from '../../src/index.js';
import { assertSchemaClean, openOfficial as open } from '../helpers/official-client.js';
import type { SchemaTap } from '../helpers/spec-schema.js';

const sentMethods = (tap: SchemaTap) => tap.sent.map((m) => ('method' in m ? m.method : undefined)).filter(Boolean);

/** Resolves with the first event matching `pick`, or rejects after `ms`. */
function nextEvent<T>(subscribe: (fn: (v: T) => void) => () => void, pick: (v: T) => boolean, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      off();
      reject(new Error(`no matching event within ${ms} ms`));
    }, ms);
    const off = subscribe((v) => {
      if (pick(v)) {
        clearTimeout(timer);
        off();
        resolve(v);
      }
    });
  });
}

test('everything: 7 static resources, 2 templates expanded and read, text and blob contents (PAGE-2, RES-2, ICON-1)', async () => {
  const { client, tap, done } = await open('everything');
  try {
    const resources = await client.listResources();
    assert.equal(resources.length, 7);
    for (const r of resources) assert.match(r.uri, /^demo:\/\/resource\/static\/document\/.+\.md$/);
    assert.ok(resources.every((r) => r.mimeType === 'text/markdown'));
    const doc = await client.readResource(resources[0]!.uri);
    assert.equal(doc.contents[0]!.uri, resources[0]!.uri);
    assert.ok('text' in doc.contents[0]! && doc.contents[0].text.length > 50);

    const templates = await client.listResourceTemplates();
    assert.deepEqual(templates.map((t) => t.uriTemplate).sort(), ['demo://resource/dynamic/blob/{resourceId}', 'demo://resource/dynamic/text/{resourceId}']);
    const textUri = expandUriTemplate(templates.find((t) => t.uriTemplate.includes('/text/'))!.uriTemplate, { resourceId: 3 });
    const text = await client.readResource(textUri);
    assert.equal(text.contents[0]!.uri, textUri);
    assert.ok('text' in text.contents[0]!);
    const blobUri = expandUriTemplate(templates.find((t) => t.uriTemplate.includes('/blob/'))!.uriTemplate, { resourceId: 4 });
    const blob = await client.readResource(blobUri);
    assert.ok('blob' in blob.contents[0]!);
    assert.ok(resourceBytes(blob.contents[0]!).length > 0);

    // RES-1: a resource the server does not have is its error, kept as sent.
    await assert.rejects(client.readResource('demo://resource/static/document/nope.md'), (e: unknown) => e instanceof McpError && typeof e.code === 'number');
    // Per-call cancellation: an aborted signal rejects at once with the typed abort.
    await assert.rejects(client.listResources({ signal: AbortSignal.abort(new Error('stop')) }), (e: unknown) => e instanceof RequestAbortedError);
    assertSchemaClean(tap, client.protocolVersion!);
  } finally {
    await done();
  }
});

test('everything: 4 prompts with titles, filled in, with an embedded resource; a missing argument is the server error', async () => {
  const { client, tap, done } = await open('everything');
  try {
    const prompts = await client.listPrompts();
    assert.deepEqual(prompts.map((p) => p.name).sort(), ['args-prompt', 'completable-prompt', 'resource-prompt', 'simple-prompt']);
    assert.equal(prompts.find((p) => p.name === 'simple-prompt')!.title, 'Simple Prompt');
    const simple = await client.getPrompt('simple-prompt');
    assert.ok(simple.messages.length >= 1);
    assert.equal(simple.messages[0]!.role, 'user');
    const args = await client.getPrompt('args-prompt', { city: 'Lisbon', state: 'PT' });
    assert.match(JSON.stringify(args.messages), /Lisbon/);
    const withResource = await client.getPrompt('resource-prompt', { resourceType: 'Text', resourceId: 2 });
    assert.ok(
      withResource.messages.some((m) => m.content.type === 'resource'),
      'an embedded resource message',
    );
    await assert.rejects(client.getPrompt('args-prompt', {}), (e: unknown) => e instanceof McpError && e.code === -32602);
    assertSchemaClean(tap, client.protocolVersion!);
  } finally {
    await done();
  }
});

test('everything: completion of prompt arguments (with context) and of template variables', async () => {
  const { client, tap, done } = await open('everything');
  try {
    const ref = { type: 'ref/prompt', name: 'completable-prompt' } as const;
    assert.deepEqual((await client.complete(ref, { name: 'department', value: 'E' })).values, ['Engineering']);
    const names = await client.complete(ref, { name: 'name', value: '' }, { arguments: { department: 'Sales' } });
    assert.deepEqual(names.values, ['David', 'Eve', 'Frank']);
    const id = await client.complete({ type: 'ref/resource', uri: 'demo://resource/dynamic/text/{resourceId}' }, { name: 'resourceId', value: '7' });
    assert.deepEqual(id.values, ['7']);
    assertSchemaClean(tap, client.protocolVersion!);
  } finally {
    await done();
  }
});

test('everything: subscriptions bring resourceUpdated events; simulated logging brings typed log events (LOG-2, LOG-3)', async () => {
  const { client, tap, done } = await open('everything');
  try {
    const logs: LoggingMessageParams[] = [];
    client.events.on('log', (l) => logs.push(l));
    await client.setLoggingLevel('debug', { timeoutMs: 10_000 });
    const uri = 'demo://resource/static/document/features.md';
    await client.subscribeResource(uri);
    const updated = nextEvent<ResourceUpdatedParams>(
      (fn) => client.events.on('resourceUpdated', fn),
      (u) => u.uri === uri,
      20_000,
    );
    await client.callTool('toggle-subscriber-updates', {});
    assert.equal((await updated).uri, uri);
    const log = nextEvent<LoggingMessageParams>(
      (fn) => client.events.on('log', fn),
      (l) => typeof l.data === 'string' && /-level message|level-message/.test(l.data),
      20_000,
    );
    await client.callTool('toggle-simulated-logging', {});
    const entry = await log;
    assert.ok(['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'].includes(entry.level));
    await client.unsubscribeResource(uri);
    await client.callTool('toggle-subscriber-updates', {});
    await client.callTool('toggle-simulated-logging', {});
    assert.ok(sentMethods(tap).includes('resources/unsubscribe'));
    assertSchemaClean(tap, client.protocolVersion!);
  } finally {
    await done();
  }
});

test('memory: the memory://knowledge-graph resource, its subscription and update after a mutation', async () => {
  const { client, tap, done } = await open('memory');
  try {
    const resources = await client.listResources();
    const graph = resources.find((r) => r.uri === 'memory://knowledge-graph');
    assert.ok(graph, 'lists memory://knowledge-graph');
    assert.equal(graph.title, 'Knowledge Graph');
    assert.deepEqual(await client.listResourceTemplates(), []);
    await client.subscribeResource(graph.uri);
    const updated = nextEvent<ResourceUpdatedParams>(
      (fn) => client.events.on('resourceUpdated', fn),
      (u) => u.uri === graph.uri,
      20_000,
    );
    await client.callTool('create_entities', { entities: [{ name: 'Ada', entityType: 'person', observations: ['wrote the first program'] }] });
    await updated;
    const read = await client.readResource(graph.uri);
    const item = read.contents[0]!;
    assert.equal(item.mimeType, 'application/json');
    assert.match('text' in item ? item.text : '', /wrote the first program/);
    // memory declares no prompts: the gate answers, the server is never asked.
    await assert.rejects(client.listPrompts(), (e: unknown) => e instanceof CapabilityMissingError && e.code === 'MCPB_CAPABILITY_MISSING');
    assert.ok(!sentMethods(tap).includes('prompts/list'));
    assertSchemaClean(tap, client.protocolVersion!);
  } finally {
    await done();
  }
});

test('filesystem: declares no resources, prompts or completions: each method fails typed and nothing is sent (no -32601)', async () => {
  const { client, tap, done } = await open('filesystem');
  try {
    const gated: [string, () => Promise<unknown>][] = [
      ['resources/list', () => client.listResources()],
      ['resources/templates/list', () => client.listResourceTemplates()],
      ['resources/read', () => client.readResource('file:///etc/hostname')],
      ['resources/subscribe', () => client.subscribeResource('file:///etc/hostname')],
      ['prompts/list', () => client.listPrompts()],
      ['prompts/get', () => client.getPrompt('x')],
      ['completion/complete', () => client.complete({ type: 'ref/prompt', name: 'x' }, { name: 'a', value: '' })],
      // LIFE-7: no logging/setLevel without the server's logging capability, and a typed error instead of a silent no-op.
      ['logging/setLevel', () => client.setLoggingLevel('info')],
    ];
    for (const [method, call] of gated) {
      await assert.rejects(
        call(),
        (e: unknown) => e instanceof CapabilityMissingError && e.context.method === method && /did not|declared no/.test(e.message),
        method,
      );
    }
    const sent = sentMethods(tap);
    for (const [method] of gated) assert.ok(!sent.includes(method), `${method} was not sent`);
    assertSchemaClean(tap, client.protocolVersion!);
  } finally {
    await done();
  }
});
