// Windows command resolution and cmd.exe quoting, as pure functions with a fake PATH/PATHEXT/fs,
// so they run on Linux CI. Peers bug 6 (`spawn npx ENOENT`) and the batch-argument injection guard.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import {
  escapeCmdMeta,
  findWindowsExecutable,
  isBatchFile,
  planWindowsSpawn,
  quoteWindowsArg,
  type SpawnPlan,
  type WindowsLookup,
} from '../../../src/transports/stdio/windows-command.js';

/** A fake Windows file system: case-insensitive, like NTFS by default. */
function lookup(files: string[], extra: Partial<WindowsLookup> & { comSpec?: string } = {}): WindowsLookup & { comSpec?: string } {
  const set = new Set(files.map((f) => f.toLowerCase()));
  return {
    path: 'C:\\Windows\\system32;C:\\Program Files\\nodejs',
    pathExt: '.COM;.EXE;.BAT;.CMD',
    cwd: 'C:\\work',
    isFile: (p) => set.has(p.toLowerCase()),
    ...extra,
  };
}

function plan(command: string, args: string[], l: WindowsLookup & { comSpec?: string }): SpawnPlan {
  const result = planWindowsSpawn(command, args, l);
  assert.ok(!('failure' in result), `expected a plan, got ${JSON.stringify(result)}`);
  return result as SpawnPlan;
}

/** cmd.exe's caret pass over text with no unescaped quotes: `^x` → `x`. Fails on an unescaped metacharacter. */
function cmdPass(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === '^') {
      out += text[++i] ?? '';
      continue;
    }
    assert.ok(!'&|<>()"'.includes(ch), `unescaped ${ch} at ${i} in ${text}`);
    out += ch;
  }
  return out;
}

/** CommandLineToArgvW / MSVCRT argument splitting. */
function msvcrtSplit(line: string): string[] {
  const args: string[] = [];
  let current = '';
  let inQuotes = false;
  let started = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (ch === '\\') {
      let n = 0;
      while (line[i] === '\\') {
        n++;
        i++;
      }
      if (line[i] === '"') {
        current += '\\'.repeat(Math.floor(n / 2));
        if (n % 2 === 1) current += '"';
        else {
          inQuotes = !inQuotes;
        }
        started = true;
      } else {
        current += '\\'.repeat(n);
        i--;
        started = true;
      }
      continue;
    }
    if (ch === '"') {
      inQuotes = !inQuotes;
      started = true;
      continue;
    }
    if ((ch === ' ' || ch === '\t') && !inQuotes) {
      if (started) {
        args.push(current);
        current = '';
        started = false;
      }
      continue;
    }
    current += ch;
    started = true;
  }
  if (started) args.push(current);
  return args;
}

describe('findWindowsExecutable', () => {
  it('finds npx.cmd for a bare `npx`, skipping the extensionless POSIX script beside it', () => {
    const l = lookup(['C:\\Program Files\\nodejs\\npx', 'C:\\Program Files\\nodejs\\npx.cmd']);
    assert.equal(findWindowsExecutable('npx', l), 'C:\\Program Files\\nodejs\\npx.cmd');
  });

  it('follows PATH order, then PATHEXT order', () => {
    const l = lookup(['C:\\Windows\\system32\\tool.cmd', 'C:\\Program Files\\nodejs\\tool.exe', 'C:\\Windows\\system32\\tool.com']);
    assert.equal(findWindowsExecutable('tool', l), 'C:\\Windows\\system32\\tool.com');
  });

  it('uses a name that already has a PATHEXT extension as is, and matches case-insensitively', () => {
    const l = lookup(['C:\\Program Files\\nodejs\\node.exe']);
    assert.equal(findWindowsExecutable('NODE.EXE', l), 'C:\\Program Files\\nodejs\\NODE.EXE');
  });

  it('resolves a relative path with a directory part against cwd, not PATH', () => {
    const l = lookup(['C:\\work\\bin\\server.bat', 'C:\\Program Files\\nodejs\\server.bat']);
    assert.equal(findWindowsExecutable('.\\bin\\server', l), 'C:\\work\\bin\\server.bat');
    assert.equal(findWindowsExecutable('bin/server', l), 'C:\\work\\bin\\server.bat');
  });

  it('accepts absolute paths and quoted PATH entries; bare names do not search cwd', () => {
    const l = lookup(['D:\\tools\\run.cmd', 'C:\\quoted dir\\q.exe', 'C:\\work\\planted.exe'], { path: '"C:\\quoted dir";C:\\empty' });
    assert.equal(findWindowsExecutable('D:\\tools\\run.cmd', l), 'D:\\tools\\run.cmd');
    assert.equal(findWindowsExecutable('D:\\tools\\run', l), 'D:\\tools\\run.cmd');
    assert.equal(findWindowsExecutable('q', l), 'C:\\quoted dir\\q.exe');
    assert.equal(findWindowsExecutable('planted', l), undefined);
  });

  it('falls back to the default PATHEXT and reports not found', () => {
    const l = lookup(['C:\\Program Files\\nodejs\\uvx.exe'], { pathExt: undefined });
    assert.equal(findWindowsExecutable('uvx', l), 'C:\\Program Files\\nodejs\\uvx.exe');
    assert.equal(findWindowsExecutable('missing', l), undefined);
    assert.deepEqual(planWindowsSpawn('missing', [], l), { failure: 'not-found', command: 'missing' });
  });

  it('isBatchFile', () => {
    assert.ok(isBatchFile('x.CMD') && isBatchFile('a\\b.bat') && !isBatchFile('node.exe') && !isBatchFile('cmd'));
  });
});

describe('planWindowsSpawn', () => {
  it('runs an .exe directly with its arguments untouched', () => {
    const p = plan('node', ['server.js', 'a b'], lookup(['C:\\Program Files\\nodejs\\node.exe']));
    assert.deepEqual(p, {
      file: 'C:\\Program Files\\nodejs\\node.exe',
      args: ['server.js', 'a b'],
      windowsVerbatimArguments: false,
      resolved: 'C:\\Program Files\\nodejs\\node.exe',
    });
  });

  it('runs a .cmd shim through `cmd.exe /d /s /c "..."` with verbatim, escaped arguments', () => {
    const p = plan(
      'npx',
      ['-y', '@modelcontextprotocol/server-memory', 'a b'],
      lookup(['C:\\Program Files\\nodejs\\npx.cmd'], { comSpec: 'C:\\Windows\\system32\\cmd.exe' }),
    );
    assert.equal(p.file, 'C:\\Windows\\system32\\cmd.exe');
    assert.equal(p.windowsVerbatimArguments, true);
    assert.deepEqual(p.args.slice(0, 3), ['/d', '/s', '/c']);
    assert.equal(p.args[3], '"^"C:\\Program^ Files\\nodejs\\npx.cmd^" ^^^"-y^^^" ^^^"@modelcontextprotocol/server-memory^^^" ^^^"a^^^ b^^^""');
  });

  it('defaults to cmd.exe when COMSPEC is unset', () => {
    assert.equal(plan('x', [], lookup(['C:\\Windows\\system32\\x.bat'])).file, 'cmd.exe');
  });

  it('refuses CR/LF in arguments to a batch file (they cannot be passed safely), allows them for an .exe', () => {
    const l = lookup(['C:\\Program Files\\nodejs\\npx.cmd', 'C:\\Program Files\\nodejs\\node.exe']);
    assert.deepEqual(planWindowsSpawn('npx', ['ok', 'evil\r\n& calc'], l), { failure: 'newline-in-argument', command: 'npx', index: 1 });
    assert.ok(!('failure' in planWindowsSpawn('node', ['line\nbreak'], l)));
  });

  it('round-trips any argument through both cmd passes and MSVCRT splitting (property)', () => {
    const l = lookup(['C:\\Program Files\\nodejs\\npx.cmd']);
    // Percent expansion is not simulated: `^%` breaks every %NAME% reference before it can expand.
    const arg = fc.string({
      unit: fc.constantFrom('a', 'Z', ' ', '\t', '"', '\\', '&', '|', '<', '>', '^', '(', ')', '%', '!', ',', ';', '=', '*', '?', '`', '[', ']', 'é', '✓'),
    });
    fc.assert(
      fc.property(fc.array(arg, { maxLength: 5 }), (args) => {
        const p = plan('npx', args, l);
        const line = p.args[3]!;
        assert.ok(line.startsWith('"') && line.endsWith('"'));
        // Pass 1: `cmd /s /c` strips the outer quotes and runs its caret pass over the line.
        const pass1 = cmdPass(line.slice(1, -1));
        const prefix = '"C:\\Program Files\\nodejs\\npx.cmd"';
        assert.ok(pass1.startsWith(prefix), pass1);
        // Pass 2: the shim expands %* into its own command line, parsed again by cmd.
        const rest = pass1.slice(prefix.length);
        const pass2 = cmdPass(rest);
        assert.deepEqual(msvcrtSplit(pass2), args);
      }),
      { numRuns: 500 },
    );
  });
});

describe('quoting primitives', () => {
  it('quoteWindowsArg follows the MSVCRT rules', () => {
    assert.equal(quoteWindowsArg(''), '""');
    assert.equal(quoteWindowsArg('plain'), '"plain"');
    assert.equal(quoteWindowsArg('say "hi"'), '"say \\"hi\\""');
    assert.equal(quoteWindowsArg('C:\\dir\\'), '"C:\\dir\\\\"');
    assert.equal(quoteWindowsArg('a\\\\"b'), '"a\\\\\\\\\\"b"');
    assert.equal(quoteWindowsArg('a\\b'), '"a\\b"');
  });

  it('escapeCmdMeta escapes once per pass', () => {
    assert.equal(escapeCmdMeta('a&b', 1), 'a^&b');
    assert.equal(escapeCmdMeta('a&b', 2), 'a^^^&b');
    assert.equal(escapeCmdMeta('%PATH%', 1), '^%PATH^%');
  });
});
