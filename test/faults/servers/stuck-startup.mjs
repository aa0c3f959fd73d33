// Stuck at startup and deaf to the polite shutdown: never answers initialize, ignores stdin EOF,
// lives until SIGTERM. STUCK_PID_FILE (optional) receives its pid. Issue 11 item 7: the client
// must reject at the startup deadline, not after the teardown's stdin grace period.
import { writeFileSync } from 'node:fs';
if (process.env.STUCK_PID_FILE) writeFileSync(process.env.STUCK_PID_FILE, String(process.pid));
process.stdin.on('data', () => {});
process.stdin.on('end', () => process.stderr.write('stuck-startup: stdin closed, staying anyway\n'));
process.stderr.write('stuck-startup: reading, never answering\n');
setInterval(() => {}, 1 << 30);
