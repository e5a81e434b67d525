/**
 * Gives an integration test file its own table, bucket and queues on the
 * emulators started by the global setup, and the environment pointing at them.
 */
import { beforeAll } from 'vitest';
import { resetClients } from '#shared/platform/aws-clients.ts';
import { resetConfig } from '#shared/platform/config.ts';
import { provision, type ProvisionedEnv } from '../../local/provision.ts';

let provisioned: Promise<ProvisionedEnv> | undefined;

/** Provisions this file's resources once; resolves to their environment and DLQ URLs. */
export function provisionTestStack(options: { visibilityTimeoutSeconds?: number } = {}): Promise<ProvisionedEnv> {
  provisioned ??= (async () => {
    const result = await provision(
      {
        tableName: process.env.TABLE_NAME as string,
        bucketName: process.env.BUCKET_NAME as string,
        queuePrefix: process.env.QUEUE_PREFIX as string,
      },
      options,
    );
    Object.assign(process.env, result.env);
    resetConfig();
    resetClients();
    return result;
  })();
  return provisioned;
}

/** Registers a beforeAll that provisions this file's stack. */
export function useIntegrationStack(options: { visibilityTimeoutSeconds?: number } = {}): void {
  beforeAll(async () => {
    await provisionTestStack(options);
  });
}
