/**
 * AWS SDK v3 clients, each created once per container on first use. The SDK
 * itself honours AWS_ENDPOINT_URL and AWS_ENDPOINT_URL_<SERVICE>, which is how
 * the local stack (DynamoDB Local, fauxqs) and LocalStack are reached.
 *
 * Each getter is marked pure, so a function bundle keeps only the clients its
 * code calls (infra/bundling.ts). Clients only some invocations need live in
 * their own modules (sqs-client.ts, s3-client.ts, ses-client.ts,
 * eventbridge-client.ts) and
 * import their SDK package on first use, so the package is a chunk of the
 * bundle read then, not during the cold start of every function that might
 * need it.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { traceClient } from './tracer.ts';

/** The clients made so far, for resetClients(). Filled on creation, so defining a getter has no side effect. */
const created = new Set<{ reset(): void }>();

/** A getter that makes the client on its first call and keeps it. */
export function cachedClient<T>(make: () => T): (() => T) & { reset(): void } {
  let value: T | undefined;
  const get = Object.assign(
    () => {
      if (value === undefined) {
        value = make();
        created.add(get);
      }
      return value;
    },
    { reset: () => void (value = undefined) },
  );
  return get;
}

export const region = (): string => process.env.AWS_REGION ?? 'us-east-1';

export const dynamo = /* @__PURE__ */ cachedClient(() =>
  DynamoDBDocumentClient.from(traceClient(new DynamoDBClient({ region: region() })), {
    marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
  }),
);
export const secretsManager = /* @__PURE__ */ cachedClient(() => traceClient(new SecretsManagerClient({ region: region() })));

/** Drops every client made so far so the next use reads the current endpoints (tests, local stack). */
export function resetClients(): void {
  for (const c of created) c.reset();
  created.clear();
}
