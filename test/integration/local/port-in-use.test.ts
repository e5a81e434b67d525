// A busy API port ends `npm start` with one sentence saying what to do, not an EADDRINUSE stack.
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { startApiServer } from '#local/api-server.ts';
import { PortInUseError } from '#local/port-in-use.ts';

describe('local API server on a busy port', () => {
  it('rejects with PortInUseError naming the port and how to pick another', async () => {
    const squatter = createServer();
    await new Promise<void>((resolve) => squatter.listen(0, '127.0.0.1', resolve));
    const { port } = squatter.address() as AddressInfo;
    try {
      const failure = await startApiServer({ port, log: () => undefined }).catch((err: unknown) => err);
      expect(failure).toBeInstanceOf(PortInUseError);
      expect((failure as Error).message).toBe(
        `port ${port} on 127.0.0.1 is already in use (another npm start, or another program): stop it, or start on a free port with PORT=${port + 1} npm start`,
      );
    } finally {
      await new Promise((resolve) => squatter.close(resolve));
    }
  });
});
