/** Small network helpers for the local stack: a free port, whether a port is free, and waiting until a probe passes. */
import { createServer } from 'node:net';
import { PortInUseError } from './port-in-use.ts';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** True when nothing listens on `port` of 127.0.0.1 (a listener of ours may take it). */
export function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** Retries `probe` every 100 ms until it resolves, or throws its last error after `timeoutMs`. */
export async function waitFor(probe: () => Promise<unknown>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < deadline) {
    try {
      await probe();
      return;
    } catch (err) {
      last = err;
      // A process that exited, or a port that is taken, will not come good by waiting.
      if (err instanceof PortInUseError || (err instanceof Error && err.message.startsWith('DynamoDB Local exited'))) throw err;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`Timed out after ${timeoutMs} ms: ${last instanceof Error ? last.message : String(last)}`);
}
