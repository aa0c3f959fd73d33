// Help text rendered from the command table: the global usage, and each command's own page.
import { COMMANDS, EXIT_CODES, GLOBAL_OPTIONS, OPTIONS, type CommandSpec, type OptionSpec } from './command-table.js';

const WIDTH = 100;

/** The global help: synopsis, commands, global options, exit codes. */
export function globalHelp(): string {
  const pad = Math.max(...COMMANDS.map((c) => c.name.length)) + 2;
  return [
    'Usage: mcp-bridge [--config FILE | --from HOST] [--server NAME] <command> [options]',
    '       mcp-bridge <command> [options] -- CMD [ARGS...]     one stdio server, no config file',
    '       mcp-bridge <command> URL [options]                   one remote server, no config file',
    '',
    'Commands:',
    ...COMMANDS.map((c) => `  ${c.name.padEnd(pad)}${c.summary}`),
    '',
    'Options of every command:',
    ...optionLines(GLOBAL_OPTIONS),
    '',
    'mcp-bridge <command> --help shows the options and examples of a command.',
    '',
    exitCodes(),
  ].join('\n');
}

/** `mcp-bridge <command> --help`. */
export function commandHelp(spec: CommandSpec): string {
  const own = spec.options;
  return [
    `Usage: ${spec.usage.map((u, i) => `${i === 0 ? '' : '       '}mcp-bridge ${u}`).join('\n')}`,
    '',
    wrap(spec.description, 0),
    '',
    ...(own.length > 0 ? ['Options:', ...optionLines(own), ''] : []),
    'Options of every command:',
    ...optionLines(GLOBAL_OPTIONS),
    '',
    'Examples:',
    ...spec.examples.map((e) => `  mcp-bridge ${e}`),
    '',
    exitCodes(),
  ].join('\n');
}

function exitCodes(): string {
  return `Exit codes:\n${EXIT_CODES.map(([code, meaning]) => `  ${code}  ${meaning}`).join('\n')}\n`;
}

function optionLines(names: readonly string[]): string[] {
  const specs = names.map((n) => OPTIONS.find((o) => o.name === n)).filter((o): o is OptionSpec => o !== undefined);
  const heads = specs.map(optionHead);
  const pad = Math.max(...heads.map((h) => h.length)) + 2;
  return specs.map((o, i) => `  ${heads[i]!.padEnd(pad)}${wrap(o.help, pad + 2).trimStart()}`);
}

function optionHead(o: OptionSpec): string {
  return `--${o.name}${o.short ? `, -${o.short}` : ''}${o.value ? ` ${o.value}` : ''}`;
}

/** Wraps text at WIDTH columns, continuation lines indented by `indent`. */
function wrap(text: string, indent: number): string {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line !== '' && indent + line.length + 1 + word.length > WIDTH) {
      lines.push(line);
      line = word;
    } else line = line === '' ? word : `${line} ${word}`;
  }
  if (line !== '') lines.push(line);
  return lines.map((l) => ' '.repeat(indent) + l).join('\n');
}

/**
 * The CLI reference as Markdown, from the same table `--help` reads: one section per command
 * (usage, description, options, examples), then the options of every command and the exit codes.
 * For the documentation site; nothing here runs a command.
 */
export function markdownReference(): string {
  const optionRows = (names: readonly string[]) =>
    OPTIONS.filter((o) => names.includes(o.name))
      .map((o) => `| \`${optionHead(o)}\` | ${o.help.replace(/\|/g, '\\|')} |`)
      .join('\n');
  const sections = COMMANDS.map((c) =>
    [
      `## ${c.name}`,
      '',
      c.summary.charAt(0).toUpperCase() + c.summary.slice(1) + '.',
      '',
      '```',
      ...c.usage.map((u) => `mcp-bridge ${u}`),
      '```',
      '',
      c.description,
      '',
      ...(c.options.length > 0 ? ['| option | meaning |', '| --- | --- |', optionRows(c.options), ''] : []),
      'Examples:',
      '',
      '```sh',
      ...c.examples.map((e) => `mcp-bridge ${e}`),
      '```',
      '',
    ].join('\n'),
  );
  return [
    '# CLI reference',
    '',
    ...sections,
    '## Options of every command',
    '',
    '| option | meaning |',
    '| --- | --- |',
    optionRows(GLOBAL_OPTIONS),
    '',
    '## Exit codes',
    '',
    '| code | meaning |',
    '| --- | --- |',
    ...EXIT_CODES.map(([code, meaning]) => `| ${code} | ${meaning} |`),
    '',
  ].join('\n');
}
