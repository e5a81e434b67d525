/**
 * What every benchmark needs: the emulators (DynamoDB Local, and fauxqs when
 * queues or S3 are involved), the environment pointing the service at them,
 * and a per-command request counter on an SDK client. Benchmarks import the
 * service's modules only after startBenchStack() has set the environment.
 */
import { randomBytes } from 'node:crypto';
import { startDynamoDbLocal } from '../../local/dynamodb-local.ts';
import { startFauxqsLocal } from '../../local/fauxqs-local.ts';

export interface BenchStack {
  stop(): Promise<void>;
}

/** Starts the emulators and points process.env at them, with a fresh table/bucket name and any extra variables. */
export async function startBenchStack(name: string, options: { fauxqs?: boolean; env?: Record<string, string> } = {}): Promise<BenchStack> {
  const [dynamoLocal, fauxqs] = await Promise.all([startDynamoDbLocal(), options.fauxqs === false ? Promise.resolve(null) : startFauxqsLocal()]);
  Object.assign(process.env, {
    STAGE: 'test',
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'bench',
    AWS_SECRET_ACCESS_KEY: 'bench',
    AWS_ENDPOINT_URL_DYNAMODB: dynamoLocal.endpoint,
    ...(fauxqs ? { AWS_ENDPOINT_URL_SQS: fauxqs.address, AWS_ENDPOINT_URL_S3: fauxqs.address } : {}),
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    JWT_SECRET_KEY: randomBytes(32).toString('hex'),
    TABLE_NAME: `bench-${name}`,
    BUCKET_NAME: `bench-${name}`,
    LOG_LEVEL: 'ERROR',
    ...options.env,
  });
  return {
    async stop() {
      await Promise.all([dynamoLocal.stop(), fauxqs?.stop()]);
    },
  };
}

interface CountableClient {
  middlewareStack: {
    add(
      middleware: (next: (args: unknown) => Promise<unknown>, context: { commandName?: string }) => (args: unknown) => Promise<unknown>,
      options: { step: 'initialize'; name: string },
    ): void;
  };
}

/** Counts the commands an SDK client sends, by command name. */
export function countCommands(client: unknown): { counts: Map<string, number>; take(): Record<string, number> } {
  const counts = new Map<string, number>();
  (client as CountableClient).middlewareStack.add(
    (next, context) => async (args) => {
      const command = context.commandName ?? '?';
      counts.set(command, (counts.get(command) ?? 0) + 1);
      return next(args);
    },
    { step: 'initialize', name: 'benchRequestCounter' },
  );
  return {
    counts,
    /** The counts so far, sorted by command, and a fresh start. */
    take() {
      const snapshot = Object.fromEntries([...counts.entries()].sort());
      counts.clear();
      return snapshot;
    },
  };
}

/** Requests of a counts snapshot, added up. */
export const totalCount = (counts: Record<string, number>): number => Object.values(counts).reduce((a, b) => a + b, 0);

/** A counts snapshot as `PutItem 3, Query 2`. */
export const formatCounts = (counts: Record<string, number>): string =>
  Object.entries(counts)
    .map(([k, v]) => `${k.replace('Command', '')} ${v}`)
    .join(', ');

export interface CountedBenchStack extends BenchStack {
  /** The DynamoDB requests the service sent since the last take, by command. */
  take(): Record<string, number>;
}

/**
 * The emulators, the table, bucket and queues provisioned under `bench-<name>` names, and a counter on the
 * service's DynamoDB client: what the ingest and bulk benchmarks start with.
 */
export async function startCountedBench(name: string, options: { env?: Record<string, string> } = {}): Promise<CountedBenchStack> {
  const stack = await startBenchStack(name, options);
  try {
    const { dynamo } = await import('#shared/platform/aws-clients.ts');
    const { provision } = await import('../../local/provision.ts');
    const { take } = countCommands(dynamo());
    Object.assign(process.env, (await provision({ tableName: `bench-${name}`, bucketName: `bench-${name}`, queuePrefix: `bench-${name}-` })).env);
    return { take, stop: () => stack.stop() };
  } catch (err) {
    await stack.stop();
    throw err;
  }
}
