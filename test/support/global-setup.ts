/**
 * Starts the emulators once for the whole run: DynamoDB Local in memory and
 * fauxqs (SQS + S3). Each test file provisions its own table, bucket and
 * queues on them (see ./stack.ts), so files never see each other's data.
 */
import type { TestProject } from 'vitest/node';
import { startFauxqs } from 'fauxqs';
import { startDynamoDbLocal } from '../../local/dynamodb-local.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    dynamoEndpoint: string;
    fauxqsEndpoint: string;
  }
}

export default async function setup(project: TestProject) {
  const [dynamoLocal, fauxqs] = await Promise.all([startDynamoDbLocal(), startFauxqs({ port: 0, logger: false })]);
  project.provide('dynamoEndpoint', dynamoLocal.endpoint);
  project.provide('fauxqsEndpoint', fauxqs.address);
  return async () => {
    await Promise.all([dynamoLocal.stop(), fauxqs.stop()]);
  };
}
