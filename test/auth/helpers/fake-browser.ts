// The browser for the `mcp-bridge auth login` test (set as BROWSER): follows the authorization URL
// through the AS with a cookie jar, approving as it goes, until the loopback callback page loads.
const jar = new Map<string, string>();
let next = new URL(process.argv[process.argv.length - 1]!);
for (let hop = 0; hop < 15; hop++) {
  const response = await fetch(next, { redirect: 'manual', headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') } });
  for (const c of response.headers.getSetCookie()) {
    const [pair] = c.split(';');
    const eq = pair!.indexOf('=');
    jar.set(pair!.slice(0, eq), pair!.slice(eq + 1));
  }
  const location = response.headers.get('location');
  await response.text();
  if (!location) process.exit(response.status === 200 ? 0 : 1);
  next = new URL(location, next);
}
process.exit(1);
