/**
 * The variables only the local stack reads (the service's own live in
 * shared/platform/config.ts), parsed with zod so a typo fails `npm start` with
 * a message naming the variable instead of starting half a stack.
 */
import { z } from 'zod';

const port = (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback);
const emptyAsUndefined = (v: unknown) => (v === '' ? undefined : v);

export const LocalEnv = z.object({
  /** API port (0 picks a free one). */
  PORT: z.preprocess(emptyAsUndefined, port(3000)),
  /** The base URL of links in feeds, emails and pushes, when the API is reached through another address (a tunnel, a proxy). */
  PUBLIC_URL: z.preprocess(
    emptyAsUndefined,
    z
      .url()
      .transform((u) => u.replace(/\/+$/, ''))
      .optional(),
  ),
  /** Interface the API listens on. */
  HOST: z.preprocess(emptyAsUndefined, z.string().default('127.0.0.1')),
  /** Where local state lives (default <repo>/.local). */
  LOCAL_DATA_DIR: z.preprocess(emptyAsUndefined, z.string().optional()),
  SMTP_SINK_PORT: z.preprocess(emptyAsUndefined, port(1025)),
  /** 0 turns the cron scheduler off. */
  LOCAL_SCHEDULER: z.preprocess(emptyAsUndefined, z.enum(['0', '1']).default('1')),
  /** Visibility timeout of the local queues, short so failed messages come back quickly. */
  LOCAL_VISIBILITY_TIMEOUT_SECONDS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(43200).default(10)),
  S3_SNAPSHOT_INTERVAL_SECONDS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).default(30)),
  /** How soon after a write DynamoDB Local's working copy is saved to .local/dynamodb (local/dynamodb-working-copy.ts). */
  DYNAMODB_SAVE_DELAY_SECONDS: z.preprocess(emptyAsUndefined, z.coerce.number().min(0.5).default(3)),
  /** One endpoint for DynamoDB, SQS and S3 (e.g. LocalStack's http://localhost:4566) instead of starting the emulators. */
  LOCAL_AWS_ENDPOINT: z.preprocess(emptyAsUndefined, z.string().url().optional()),
  TABLE_NAME: z.preprocess(emptyAsUndefined, z.string().default('billwatch')),
  BUCKET_NAME: z.preprocess(emptyAsUndefined, z.string().default('billwatch-texts')),
  QUEUE_PREFIX: z.preprocess(emptyAsUndefined, z.string().default('billwatch-')),
});
export type LocalEnv = z.infer<typeof LocalEnv>;

/** Parses the local stack's variables; throws an Error naming each bad one. */
export function parseLocalEnv(env: NodeJS.ProcessEnv): LocalEnv {
  const result = LocalEnv.safeParse(env);
  if (result.success) return result.data;
  const lines = result.error.issues.map((i) => `  - ${i.path.join('.')}: ${i.message}`);
  throw new Error(`Invalid local stack configuration:\n${lines.join('\n')}`);
}
