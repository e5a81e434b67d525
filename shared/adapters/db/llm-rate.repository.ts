/**
 * The LLM requests-per-minute token bucket shared by every Lambda
 * (docs/data-model.md A8): RATE#llm-rpm / BUCKET, taken through the shared
 * token-bucket repository.
 */
import { rateKeys } from './keys/rate.keys.ts';
import { takeBucketToken, type TakeResult } from './token-bucket.repository.ts';
import { entityTag } from './entities.ts';

export type { TakeResult } from './token-bucket.repository.ts';

/**
 * Tries to take one token from a bucket of `capacity` tokens refilled at
 * `perMinute` tokens a minute. A lost race answers "try again now" (waitMs 0).
 */
export function takeLlmToken(capacity: number, perMinute: number, now = Date.now()): Promise<TakeResult> {
  return takeBucketToken({ key: rateKeys.llmBucket, ...entityTag('llm_bucket'), capacity, refillPerMs: perMinute / 60_000 }, now);
}
