/**
 * The AWS emulators behind the local stack: Amazon's DynamoDB Local on Java
 * (in memory, or on a tmpfs working copy of a lasting folder:
 * ./dynamodb-working-copy.ts) and fauxqs for SQS and S3, started in
 * parallel. Endpoints of emulators that already run (the test run's, or
 * LocalStack's) can be passed instead, and are then left alone on stop.
 */
import { startDynamoDbLocal } from './dynamodb-local.ts';
import { openWorkingCopy, type WorkingCopy } from './dynamodb-working-copy.ts';
import { startFauxqsLocal } from './fauxqs-local.ts';

export interface EmulatorEndpoints {
  dynamoEndpoint: string;
  fauxqsEndpoint: string;
}

export interface RunningEmulators extends EmulatorEndpoints {
  /** True when this process started them (and so owns their lifetime). */
  owned: boolean;
  /** DynamoDB Local's working copy when it keeps its data in a folder; stop() makes its last save. */
  dynamoCopy: WorkingCopy | null;
  stop(): Promise<void>;
}

/** Starts DynamoDB Local and fauxqs, or adopts already running endpoints. */
export async function startEmulators(options: { external?: EmulatorEndpoints; dynamoDir?: string }): Promise<RunningEmulators> {
  if (options.external) return { ...options.external, owned: false, dynamoCopy: null, stop: async () => undefined };
  const copy = options.dynamoDir ? openWorkingCopy(options.dynamoDir) : null;
  const [dynamoLocal, fauxqs] = await Promise.allSettled([startDynamoDbLocal(copy ? { dbPath: copy.workDir } : {}), startFauxqsLocal()]);
  if (dynamoLocal.status === 'rejected' || fauxqs.status === 'rejected') {
    // Whichever did start must not outlive the failed start.
    if (dynamoLocal.status === 'fulfilled') await dynamoLocal.value.stop();
    if (fauxqs.status === 'fulfilled') await fauxqs.value.stop();
    throw dynamoLocal.status === 'rejected' ? dynamoLocal.reason : (fauxqs as PromiseRejectedResult).reason;
  }
  return {
    dynamoEndpoint: dynamoLocal.value.endpoint,
    fauxqsEndpoint: fauxqs.value.address,
    owned: true,
    dynamoCopy: copy,
    async stop() {
      await Promise.allSettled([fauxqs.value.stop(), dynamoLocal.value.stop()]);
      // Java has closed the file: this copy is whole whatever was being written.
      await copy?.close();
    },
  };
}
