/**
 * A push server in its own process for bench/notify-fanout.ts, as a real push
 * server would be: the bench's busy event loop cannot delay its answers.
 * Reports its port over IPC, then answers {count} when asked.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

let count = 0;
const server = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    count++;
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end('{"event":"message"}');
  });
});
server.listen(0, '127.0.0.1', () => process.send?.({ port: (server.address() as AddressInfo).port }));
process.on('message', (m: unknown) => {
  if (m === 'count') process.send?.({ count });
  if (m === 'stop') server.close(() => process.exit(0));
});
