// Durations are strings with units; a bare number is refused with a "write 30s" hint.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ConfigError, parseDuration } from '../../src/config/index.js';

describe('parseDuration', () => {
  it('reads ms, s, m, h and d, decimals and combinations', () => {
    const table: Array<[string, number]> = [
      ['500ms', 500],
      ['30s', 30_000],
      ['2m', 120_000],
      ['1h', 3_600_000],
      ['1d', 86_400_000],
      ['1d12h', 129_600_000],
      ['1.5s', 1500],
      ['1m30s', 90_000],
      ['1h2m3s4ms', 3_723_004],
      [' 10s ', 10_000],
      ['0.5ms', 1],
    ];
    for (const [input, ms] of table) assert.equal(parseDuration(input), ms, input);
  });

  it('refuses a bare number and says to write a unit', () => {
    for (const input of ['30', '30.5', ' 7 ']) {
      assert.throws(
        () => parseDuration(input),
        (err: unknown) => {
          assert.ok(err instanceof ConfigError);
          assert.equal(err.code, 'MCPB_CONFIG_INVALID');
          assert.match(err.message, new RegExp(`write ${input.trim().replace('.', '\\.')}s`));
          return true;
        },
        input,
      );
    }
  });

  it('refuses unknown units, spaces inside, negatives, zero and more than a timer can hold', () => {
    for (const input of ['30sec', '2 m', '-1s', '1w', 's', '', '0s', '0ms', '600h', '1e3ms']) {
      assert.throws(() => parseDuration(input), ConfigError, input);
    }
    assert.equal(parseDuration('596h'), 596 * 3_600_000);
  });
});
