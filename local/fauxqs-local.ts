/**
 * Runs fauxqs (SQS, SNS and S3 in memory) on 127.0.0.1. Its startFauxqs
 * always listens on every interface, which would expose unauthenticated
 * queues and buckets to the machine's network; the app it builds is the same,
 * so this listens on loopback instead and keeps what the local stack uses of
 * its server (the address and stop).
 */
import { buildApp } from 'fauxqs';
import { PortInUseError, isAddressInUse } from './port-in-use.ts';

export interface RunningFauxqs {
  address: string;
  stop(): Promise<void>;
}

export async function startFauxqsLocal(options: { port?: number } = {}): Promise<RunningFauxqs> {
  const app = buildApp({ logger: false });
  const address = await app.listen({ port: options.port ?? 0, host: '127.0.0.1' }).catch((err: unknown) => {
    throw isAddressInUse(err)
      ? new PortInUseError(options.port ?? 0, '127.0.0.1', { what: 'fauxqs (SQS, S3)', remedy: 'let it pick a free port (no port option)' })
      : err;
  });
  return { address, stop: () => app.close() };
}
