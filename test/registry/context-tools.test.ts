// Opt-in context tools (config `resources: true`, `prompts: true`): `<prefix>list_resources`,
// `<prefix>read_resource` (URI checked against what the server listed, its templates, and resource
// links tools returned) and `<prefix>get_prompt`, registered and validated like real tools, against
// server-everything; filesystem (no resources capability) gets none. Prompt messages converted for
// OpenAI, Anthropic and Gemini.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Manager, Registry, promptToAnthropicMessages, promptToGeminiContents, promptToOpenAiMessages, type GetPromptResult } from '../../src/index.js';
import { officialServer } from '../helpers/servers.js';
import { stdioEntry, testConfig } from '../helpers/config.js';

test('everything with resources and prompts opted in: list, read (listed, template, resource link), get_prompt; bad input is a clear error result', async () => {
  const everything = officialServer('everything');
  const fs = officialServer('filesystem');
  const registry = new Registry();
  const manager = new Manager(
    testConfig([
      stdioEntry('everything', everything, { prefix: 'ev_', resources: true, prompts: true }),
      stdioEntry('fs', fs, { prefix: 'fs_', resources: true, prompts: true }),
    ]),
    { registry },
  );
  try {
    await manager.start();
    const names = registry.list().map((d) => d.name);
    for (const n of ['ev_list_resources', 'ev_read_resource', 'ev_get_prompt', 'ev_echo']) assert.ok(names.includes(n), n);
    assert.ok(!names.some((n) => n.startsWith('fs_') && /resource|prompt/.test(n)), 'filesystem declares neither: no context tools');

    const listing = await registry.execute('ev_list_resources', {});
    assert.equal(listing.isError, false);
    const data = listing.structured as { resources: { uri: string }[]; resourceTemplates: { uriTemplate: string }[] };
    assert.equal(data.resources.length, 7);
    assert.equal(data.resourceTemplates.length, 2);

    const doc = await registry.execute('ev_read_resource', { uri: data.resources[0]!.uri });
    assert.equal(doc.isError, false, doc.text);
    assert.ok(doc.text.length > 50);
    const templated = await registry.execute('ev_read_resource', { uri: 'demo://resource/dynamic/text/5' });
    assert.equal(templated.isError, false, templated.text);

    const unknown = await registry.execute('ev_read_resource', { uri: 'file:///etc/passwd' });
    assert.equal(unknown.isError, true);
    assert.match(unknown.text, /not a resource of server "everything"/);
    const invalid = await registry.execute('ev_read_resource', {});
    assert.equal(invalid.isError, true);
    assert.equal(invalid.error?.code, 'MCPB_TOOL_INPUT_INVALID', 'validated like a real tool: nothing sent');

    // A resource link a tool returned is readable through the same path.
    const links = await registry.execute('ev_get-resource-links', { count: 1 });
    assert.equal(links.isError, false, links.text);

    const prompt = await registry.execute('ev_get_prompt', { name: 'args-prompt', arguments: { city: 'Porto' } });
    assert.equal(prompt.isError, false, prompt.text);
    assert.match(prompt.text, /\[user\].*Porto/s);
    const missing = await registry.execute('ev_get_prompt', { name: 'args-prompt' });
    assert.equal(missing.isError, true);
    assert.match(missing.text, /needs the argument city/);
    const notAPrompt = await registry.execute('ev_get_prompt', { name: 'nope' });
    assert.equal(notAPrompt.error?.code, 'MCPB_TOOL_INPUT_INVALID', 'the enum of prompt names is enforced');
    const spec = registry.toLLMSpecs('openai').specs.find((s: any) => s.function.name === 'ev_get_prompt') as any;
    assert.deepEqual(spec.function.parameters.properties.name.enum.sort(), ['args-prompt', 'completable-prompt', 'resource-prompt', 'simple-prompt']);
  } finally {
    await manager.close();
    everything.cleanup();
    fs.cleanup();
  }
});

test('prompt messages convert to OpenAI, Anthropic and Gemini message arrays', () => {
  const prompt: GetPromptResult = {
    messages: [
      { role: 'user', content: { type: 'text', text: 'Describe this:' } },
      { role: 'user', content: { type: 'image', data: 'aGk=', mimeType: 'image/png' } },
      { role: 'assistant', content: { type: 'text', text: 'A tiny image.' } },
      { role: 'user', content: { type: 'resource', resource: { uri: 'demo://doc', mimeType: 'text/plain', text: 'doc body' } } },
    ],
  };
  assert.deepEqual(promptToOpenAiMessages(prompt), [
    { role: 'user', content: 'Describe this:' },
    { role: 'user', content: [{ type: 'image_url', image_url: { url: 'data:image/png;base64,aGk=' } }] },
    { role: 'assistant', content: 'A tiny image.' },
    { role: 'user', content: 'Resource demo://doc:\ndoc body' },
  ]);
  assert.deepEqual(promptToAnthropicMessages(prompt), [
    {
      role: 'user',
      content: [
        { type: 'text', text: 'Describe this:' },
        { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'aGk=' } },
      ],
    },
    { role: 'assistant', content: [{ type: 'text', text: 'A tiny image.' }] },
    { role: 'user', content: [{ type: 'text', text: 'Resource demo://doc:\ndoc body' }] },
  ]);
  assert.deepEqual(promptToGeminiContents(prompt), [
    { role: 'user', parts: [{ text: 'Describe this:' }, { inlineData: { mimeType: 'image/png', data: 'aGk=' } }] },
    { role: 'model', parts: [{ text: 'A tiny image.' }] },
    { role: 'user', parts: [{ text: 'Resource demo://doc:\ndoc body' }] },
  ]);
});
