/**
 * The ceiling: a plain node:http server answering every request with the bytes in BARE_BODY_FILE.
 * Runs in its own process, like the app, so the load generator never shares its event loop.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

const body = fs.readFileSync(process.env.BARE_BODY_FILE!, 'utf8');
const server = http.createServer((_req, res) => {
  res.writeHead(200, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
  });
  res.end(body);
});
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo;
  console.log(JSON.stringify({ url: `http://127.0.0.1:${port}` }));
});
