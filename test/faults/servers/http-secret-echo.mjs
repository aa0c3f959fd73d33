// Fault server: an HTTP endpoint that refuses every request with 401 and puts the credentials it
// received (the Authorization header, any X-* header, the query string) in the body, as careless
// servers do. Prints its URL on stdout, then serves until killed.
import { createServer } from 'node:http';

const server = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    const echoed = Object.entries(req.headers).filter(([k]) => k === 'authorization' || k.startsWith('x-')).map(([k, v]) => `${k}: ${v}`).join('; ');
    res.writeHead(401, { 'content-type': 'text/plain', 'www-authenticate': 'Bearer' }).end(`invalid credentials (${echoed}) for ${req.url}`);
  });
});
server.listen(0, '127.0.0.1', () => process.stdout.write(`http://127.0.0.1:${server.address().port}/mcp\n`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
