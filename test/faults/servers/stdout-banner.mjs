// Writes banners and logs on stdout, the way a server started in the wrong mode does, and never
// answers initialize; one line names the cause. BANNER_EXIT=1 exits (code 1) after the lines instead.
// Issue 11 item 15: the start error must quote the first of these lines, bounded.
const lines = [
  'weather-server v2.1 starting',
  '[info] transport: http (port 3000); pass --stdio to speak MCP on stdin/stdout',
  'Error: WEATHER_API_KEY is not set',
  `[debug] ${'x'.repeat(1000)}`,
  '{"level":"warn","msg":"a JSON log line is not JSON-RPC either"}',
  'line six, beyond the bound',
  'line seven, beyond the bound',
];
process.stdout.write(lines.join('\n') + '\n', () => {
  if (process.env.BANNER_EXIT === '1') process.exit(1);
});
process.stdin.on('data', () => {});
process.stdin.on('end', () => process.exit(0));
