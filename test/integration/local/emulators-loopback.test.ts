// `npm start`'s emulators (DynamoDB Local, fauxqs) have no authentication, so they listen on loopback only.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { startEmulators } from '#local/emulators.ts';

/** The local addresses (hex, as the kernel writes them) of the sockets listening on a TCP port. */
function listeningAddresses(port: number): string[] {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  return ['/proc/net/tcp', '/proc/net/tcp6'].flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .slice(1)
      .map((line) => line.trim().split(/\s+/))
      // Column 1 is address:port, column 3 the state; 0A is LISTEN.
      .filter((cols) => cols[3] === '0A' && cols[1]?.endsWith(`:${hexPort}`))
      .map((cols) => (cols[1] ?? '').split(':')[0] ?? ''),
  );
}

// 127.0.0.1 as /proc/net/tcp writes it, and as an IPv4-mapped IPv6 address in /proc/net/tcp6.
const LOOPBACK = new Set(['0100007F', '0000000000000000FFFF00000100007F']);

describe.runIf(process.platform === 'linux')('local emulators', () => {
  it('listen on 127.0.0.1 only, never on every interface', { timeout: 60_000 }, async () => {
    const emulators = await startEmulators({});
    try {
      for (const endpoint of [emulators.dynamoEndpoint, emulators.fauxqsEndpoint]) {
        const addresses = listeningAddresses(Number(new URL(endpoint).port));
        expect(addresses.length, endpoint).toBeGreaterThan(0);
        expect(
          addresses.filter((a) => !LOOPBACK.has(a)),
          endpoint,
        ).toEqual([]);
      }
    } finally {
      await emulators.stop();
    }
  });
});
