/**
 * Starts the local stack in-process once per e2e test file, on a random port,
 * on the emulators the test run's global setup already started (so no second
 * JVM), with this file's own table, bucket and queues. Returns a getter for
 * the running stack and a fetch client bound to its URL.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, inject } from 'vitest';
import { startLocalStack, type LocalStack, type LocalStackOptions } from '#local/stack.ts';
import { httpClient, type HttpClient } from './http-client.ts';
import { restoreSeededState, sharedSeededState, untilReadyWorkTaken } from './seeded-state.ts';

/** How long a seeded stack waits at most for its pumps to take the work the restored seed left ready. */
const SEEDED_WORK_BOUND_MS = 60_000;

export interface E2eStack {
  stack(): LocalStack;
  client(): HttpClient;
  /** Lines the stack logged (errors of handlers, pumps, the bus). */
  logs: string[];
}

/**
 * Registers beforeAll / afterAll hooks that start and stop this file's local stack. A seeded stack starts from the
 * state the run's one seed left (./seeded-state.ts), not from a seed of its own.
 */
export function useLocalStack(options: Partial<LocalStackOptions> = {}): E2eStack {
  let running: LocalStack | undefined;
  let client: HttpClient | undefined;
  const logs: string[] = [];
  beforeAll(async () => {
    running = await startLocalStack({
      port: 0,
      smtpPort: 0,
      inMemory: true,
      dataDir: mkdtempSync(join(tmpdir(), 'billwatch-e2e-')),
      emulators: { dynamoEndpoint: inject('dynamoEndpoint'), fauxqsEndpoint: inject('fauxqsEndpoint') },
      names: {
        tableName: process.env.TABLE_NAME as string,
        bucketName: process.env.BUCKET_NAME as string,
        queuePrefix: process.env.QUEUE_PREFIX as string,
      },
      scheduler: false,
      seed: false,
      pumps: false,
      log: (line) => logs.push(line),
      seeder: async () => {
        const seed = await restoreSeededState(await sharedSeededState(inject('seededStateDir')));
        if (options.pumps) await untilReadyWorkTaken(SEEDED_WORK_BOUND_MS);
        return seed;
      },
      ...options,
    });
    client = httpClient(running.apiUrl);
  });
  afterAll(async () => {
    await running?.stop();
  });
  return {
    stack: () => {
      if (!running) throw new Error('The local stack is not started; call useLocalStack() at the top of the file');
      return running;
    },
    client: () => {
      if (!client) throw new Error('The local stack is not started; call useLocalStack() at the top of the file');
      return client;
    },
    logs,
  };
}
