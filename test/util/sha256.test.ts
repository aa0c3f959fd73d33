// Our SHA-256 (the era cache's key) against the FIPS 180-4 examples and node:crypto, across the
// padding edges (55, 56 and 64 bytes, several blocks) and multi-byte UTF-8.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { sha256Hex } from '../../src/util/sha256.js';
import { eraCacheKey } from '../../src/client/era-cache.js';

test('the FIPS 180-4 examples', () => {
  assert.equal(sha256Hex(''), 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  assert.equal(sha256Hex('abc'), 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  assert.equal(sha256Hex('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq'), '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1');
});

test('agrees with node:crypto across block boundaries and UTF-8', () => {
  const inputs = ['é', 'ключ', '🔑 server', '{"args":["--token","x"]}'];
  for (const n of [1, 54, 55, 56, 57, 63, 64, 65, 119, 120, 128, 1000, 5000]) inputs.push('a'.repeat(n), 'é'.repeat(n));
  for (const text of inputs) assert.equal(sha256Hex(text), createHash('sha256').update(text, 'utf8').digest('hex'), `input of ${text.length} chars`);
});

test('eraCacheKey is unchanged: the first 32 hex digits of the SHA-256 of the configuration shape', () => {
  const params = { command: 'npx', args: ['-y', 'server', '--key', 's3cr3t'], cwd: '/srv', env: { B: '1', A: '2' } };
  const shape = JSON.stringify(['stdio', 'npx', params.args, '/srv', ['A', 'B']]);
  assert.equal(eraCacheKey(params), createHash('sha256').update(shape).digest('hex').slice(0, 32));
  assert.ok(!eraCacheKey(params).includes('s3cr3t'));
});
