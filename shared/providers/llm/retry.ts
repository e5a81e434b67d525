/**
 * Calls a provider with the shared rate limit and retries: a 429 waits for
 * Retry-After (or backs off exponentially with jitter), a 5xx or a network
 * error backs off. Anything else, and the last failure, is thrown, leaving
 * the caller's bill pending and retryable.
 */
import { acquireLlmSlot } from './rate-limiter.ts';

export interface RetryOptions {
  attempts?: number;
  baseDelayMs?: number;
  maxDelayMs?: number;
  sleep?: (ms: number) => Promise<void>;
  acquire?: () => Promise<void>;
}

interface HttpishError {
  status?: number;
  headers?: Headers | Record<string, string | undefined>;
}

const header = (h: HttpishError['headers'], name: string): string | null => {
  if (!h) return null;
  if (typeof (h as Headers).get === 'function') return (h as Headers).get(name);
  return (h as Record<string, string | undefined>)[name] ?? null;
};

/** Milliseconds a 429 asks us to wait (Retry-After in seconds or as an HTTP date; retry-after-ms), or null. */
export function retryAfterMs(err: unknown, now = Date.now()): number | null {
  const headers = (err as HttpishError)?.headers;
  const ms = header(headers, 'retry-after-ms');
  if (ms && Number.isFinite(Number(ms))) return Number(ms);
  const value = header(headers, 'retry-after');
  if (!value) return null;
  if (/^\d+(\.\d+)?$/.test(value.trim())) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
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
  const base = options.baseDelayMs ?? 1000;
  const cap = options.maxDelayMs ?? 60_000;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const acquire = options.acquire ?? (() => acquireLlmSlot());
  for (let attempt = 1; ; attempt++) {
    await acquire();
    try {
      return await call();
    } catch (err) {
      if (attempt >= attempts || !isRetryable(err)) throw err;
      const backoff = Math.min(cap, base * 2 ** (attempt - 1)) * (0.5 + Math.random() / 2);
      const asked = (err as HttpishError).status === 429 ? retryAfterMs(err) : null;
      await sleep(Math.min(cap, asked ?? backoff));
    }
  }
}
