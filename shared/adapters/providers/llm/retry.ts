/**
 * Calls a provider with the shared rate limit and retries: a 429 or 5xx
 * waits for its Retry-After, else backs off exponentially with jitter, and a
 * network error backs off (the one retry policy, shared/platform/retry.ts).
 * Anything else, and the last failure, is thrown, leaving the caller's bill
 * pending and retryable.
 */
import { retryAfterFromHeaders, retryDelayMs, type HeaderSource } from '#shared/platform/retry.ts';
import { acquireLlmSlot } from './rate-limiter.ts';

const DEFAULT_MAX_DELAY_MS = 60_000;

export interface RetryOptions {
  attempts?: number;
  baseDelayMs?: number;
  maxDelayMs?: number;
  sleep?: (ms: number) => Promise<void>;
  acquire?: () => Promise<void>;
}

interface HttpishError {
  status?: number;
  headers?: HeaderSource;
}

/** Milliseconds a 429 asks us to wait (Retry-After in seconds or as an HTTP date; retry-after-ms), capped at `capMs`; or null. */
export function retryAfterMs(err: unknown, now = Date.now(), capMs = DEFAULT_MAX_DELAY_MS): number | null {
  return retryAfterFromHeaders((err as HttpishError)?.headers, capMs, now);
}

/** Whether a provider error is worth another attempt. */
export function isRetryable(err: unknown): boolean {
  const status = (err as HttpishError)?.status;
  if (status === undefined) {
    const name = (err as Error)?.name ?? '';
    return /Connection|Timeout/i.test(name);
  }
  return status === 429 || status === 408 || status >= 500;
}

/** Runs `call` under the shared rate limit, retrying 429s and transient failures. */
export async function withLlmRetries<T>(call: () => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const attempts = options.attempts ?? 4;
  const policy = { baseDelayMs: options.baseDelayMs ?? 1000, maxDelayMs: options.maxDelayMs ?? DEFAULT_MAX_DELAY_MS };
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const acquire = options.acquire ?? (() => acquireLlmSlot());
  for (let attempt = 1; ; attempt++) {
    await acquire();
    try {
      return await call();
    } catch (err) {
      if (attempt >= attempts || !isRetryable(err)) throw err;
      // The same rule as the provider transport: a Retry-After (on a 429 or a 503) wins, else backoff.
      await sleep(retryDelayMs(attempt, (err as HttpishError).headers, policy));
    }
  }
}
