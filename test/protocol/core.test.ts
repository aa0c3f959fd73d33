// Pure-core units: classification, negotiation, versions table, and the purity of protocol/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import {
  classifyMessage,
  encodeLine,
  negotiateVersion,
  featuresOf,
  SUPPORTED_VERSIONS,
  LATEST_LEGACY_VERSION,
  isMcpBridgeError,
  McpError,
  isMcpError,
} from '../../protocol/index.js';
import { repoRoot } from '../helpers/paths.js';

test('classify: requests, notifications, results, errors and invalid shapes (JSONRPC-1, -2, -4, -5)', () => {
  assert.equal(classifyMessage({ jsonrpc: '2.0', id: 1, method: 'ping' }).kind, 'request');
  assert.equal(classifyMessage({ jsonrpc: '2.0', id: 'a', method: 'x', params: {} }).kind, 'request');
  assert.equal(classifyMessage({ jsonrpc: '2.0', method: 'notifications/initialized' }).kind, 'notification');
  assert.equal(classifyMessage({ jsonrpc: '2.0', id: 1, result: {} }).kind, 'result');
  assert.equal(classifyMessage({ jsonrpc: '2.0', id: 1, error: { code: -1, message: 'x' } }).kind, 'error');
  assert.equal(classifyMessage({ jsonrpc: '2.0', error: { code: -32700, message: 'parse' } }).kind, 'error');
  for (const bad of [
    null,
    3,
    'x',
    [],
    { jsonrpc: '1.0', id: 1, result: {} },
    { jsonrpc: '2.0', id: null, method: 'x' },
    { jsonrpc: '2.0', id: 1, method: 'x', params: [1] },
    { jsonrpc: '2.0', id: 1, result: 5 },
    { jsonrpc: '2.0', id: 1, error: { message: 'no code' } },
    { jsonrpc: '2.0', id: 1 },
  ]) {
    const c = classifyMessage(bad);
    assert.equal(c.kind, 'invalid', JSON.stringify(bad));
  }
});

test('encodeLine writes one line with no raw newline inside (STDIO-2)', () => {
  const line = encodeLine({ jsonrpc: '2.0', id: 1, method: 'x', params: { text: 'a\nb\r\nc' } });
  assert.equal(line.indexOf('\n'), line.length - 1);
});

test('negotiation: accept any supported answer, refuse others naming both versions (LIFE-2, LIFE-3)', () => {
  assert.equal(LATEST_LEGACY_VERSION, '2025-11-25');
  for (const v of ['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05']) assert.equal(negotiateVersion('2025-11-25', v), v);
  assert.throws(
    () => negotiateVersion('2025-11-25', '2023-01-01', 'fs'),
    (e: any) => {
      assert.equal(e.code, 'MCPB_UNSUPPORTED_VERSION');
      assert.match(e.message, /2023-01-01/);
      assert.match(e.message, /2025-11-25/);
      assert.match(e.message, /"fs"/);
      return isMcpBridgeError(e);
    },
  );
});

test('versions table: newest first, features grow monotonically where they should', () => {
  assert.deepEqual(SUPPORTED_VERSIONS, ['2026-07-28', '2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05']);
  assert.equal(featuresOf('2024-11-05')!.streamableHttp, false);
  assert.equal(featuresOf('2025-03-26')!.batches, true);
  assert.equal(featuresOf('2025-06-18')!.protocolVersionHeader, true);
  assert.equal(featuresOf('2025-11-25')!.ssePolling, true);
  assert.equal(featuresOf('1999-01-01'), undefined);
});

test('McpError keeps the peer code and data; guards work', () => {
  const e = new McpError({ code: -32602, message: 'Unknown tool', data: { name: 'x' } }, { server: 's', method: 'tools/call' });
  assert.equal(e.code, -32602);
  assert.ok(isMcpError(e));
  assert.ok(!isMcpBridgeError(e));
  assert.match(e.message, /InvalidParams/);
});

test('protocol/ stays pure: no node: imports except types, no dependencies, nothing from src/', () => {
  const dir = join(repoRoot, 'protocol');
  const files: string[] = [];
  const walk = (d: string) => {
    for (const n of readdirSync(d)) {
      const f = join(d, n);
      if (statSync(f).isDirectory()) walk(f);
      else if (f.endsWith('.ts')) files.push(f);
    }
  };
  walk(dir);
  assert.ok(files.length > 5);
  for (const f of files) {
    const src = readFileSync(f, 'utf8');
    for (const m of src.matchAll(/^\s*import\s+(type\s+)?[^'"]*from\s+['"]([^'"]+)['"]/gm)) {
      const [, typeOnly, spec] = m;
      if (spec.startsWith('.')) {
        assert.ok(!spec.includes('/src/'), `${f} imports from src/: ${spec}`);
        continue;
      }
      assert.ok(typeOnly && spec.startsWith('node:'), `${f} imports ${spec} (protocol/ may import only types from node:)`);
    }
    assert.doesNotMatch(src, /\b(setTimeout|setInterval|process\.|require\()/, `${f} uses timers, process or require`);
  }
});
