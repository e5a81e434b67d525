/**
 * AWS SDK v3 clients, each created once per container on first use. The SDK
 * itself honours AWS_ENDPOINT_URL and AWS_ENDPOINT_URL_<SERVICE>, which is how
 * the local stack (DynamoDB Local, fauxqs) and LocalStack are reached.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { EventBridgeClient } from '@aws-sdk/client-eventbridge';
import { S3Client } from '@aws-sdk/client-s3';
import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { SESv2Client } from '@aws-sdk/client-sesv2';
import { SQSClient } from '@aws-sdk/client-sqs';

function once<T>(make: () => T): (() => T) & { reset(): void } {
  let value: T | undefined;
  const get = () => (value ??= make());
  return Object.assign(get, { reset: () => void (value = undefined) });
}

const region = () => process.env.AWS_REGION ?? 'us-east-1';

export const dynamo = once(() =>
  DynamoDBDocumentClient.from(new DynamoDBClient({ region: region() }), {
    marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
  }),
);
// Emulators hand out queue URLs on hosts like sqs.us-east-1.localhost; send to the configured endpoint instead.
export const sqs = once(() => new SQSClient({ region: region(), useQueueUrlAsEndpoint: !(process.env.AWS_ENDPOINT_URL_SQS ?? process.env.AWS_ENDPOINT_URL) }));
// Emulators serve S3 on one host, so path-style addressing is needed there.
export const s3 = once(
  () =>
    new S3Client({
      region: region(),
      forcePathStyle: Boolean(process.env.AWS_ENDPOINT_URL_S3 ?? process.env.AWS_ENDPOINT_URL),
    }),
);
export const eventBridge = once(() => new EventBridgeClient({ region: region() }));
export const sesv2 = once(() => new SESv2Client({ region: region() }));
export const secretsManager = once(() => new SecretsManagerClient({ region: region() }));

/** Drops every cached client so the next use reads the current endpoints (tests, local stack). */
export function resetClients(): void {
  for (const c of [dynamo, sqs, s3, eventBridge, sesv2, secretsManager]) c.reset();
}
