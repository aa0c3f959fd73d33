// Result content narrows by `type` (this file must type-check: `npm run typecheck`): the README's
// `result.content[0].text` pattern compiles once the block is narrowed to text, an exhaustive switch
// needs no cast, and blocks of kinds newer than the library are found with isUnknownContent. Runtime:
// the same code against server-everything, whose echo answers text and whose image tool an image.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Client, createTransport, isKnownContent, isUnknownContent, type CallToolResult, type ContentBlock, type GetPromptResult } from '../../src/index.js';
import { officialServer } from '../helpers/servers.js';

/** What a user writes: narrow, then read the kind's own fields. */
function describe(block: ContentBlock): string {
  if (isUnknownContent(block)) return `unknown ${block.type}`;
  switch (block.type) {
    case 'text':
      return block.text;
    case 'image':
    case 'audio':
      return `${block.mimeType} (${block.data.length} base64 chars)`;
    case 'resource_link':
      return block.uri;
    case 'resource':
      return block.resource.uri;
    default: {
      // Every known kind is handled above: the compiler proves nothing else reaches here by type.
      const never: never = block;
      return String(never);
    }
  }
}

function firstText(result: CallToolResult): string | undefined {
  const first = result.content[0];
  if (first?.type === 'text') return first.text.slice(0, 60);
  return undefined;
}

function promptText(prompt: GetPromptResult): string[] {
  return prompt.messages.flatMap((m) => (m.content.type === 'text' ? [m.content.text] : []));
}

test('text, image and unknown blocks narrow by type and read back their own fields', async () => {
  const launch = officialServer('everything');
  const client = new Client(await createTransport({ command: launch.command, args: launch.args, env: launch.env }, { serverName: 'ev' }), { name: 'ev' });
  try {
    await client.connect();
    const echo = await client.callTool('echo', { message: 'narrowed' });
    assert.equal(firstText(echo), 'Echo: narrowed');
    assert.equal(describe(echo.content[0]!), 'Echo: narrowed');
    const image = await client.callTool('get-tiny-image', {});
    const picture = image.content.find((b) => b.type === 'image');
    assert.match(describe(picture!), /^image\/png \(\d+ base64 chars\)$/);
    const prompt = await client.getPrompt('simple-prompt');
    assert.ok(promptText(prompt).length > 0);
  } finally {
    await client.close();
    launch.cleanup();
  }
  // A block of a kind newer than the library is kept, and told apart at run time.
  const hologram = { type: 'hologram', beam: 3 } as unknown as ContentBlock;
  assert.equal(isUnknownContent(hologram), true);
  assert.equal(isKnownContent(hologram), false);
  assert.equal(describe(hologram), 'unknown hologram');
  assert.equal(isKnownContent({ type: 'text', text: 'x' }), true);
});
