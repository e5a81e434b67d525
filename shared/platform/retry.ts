/**
 * The one retry policy of every outbound call (provider HTTP transport, LLM
 * clients): how long to wait before the next attempt. A server's Retry-After
 * (delay-seconds or an HTTP-date, RFC 9110 §10.2.3; OpenAI's retry-after-ms)
 * wins when it is readable; otherwise exponential backoff with equal jitter,
 * so contending callers spread out. Every wait is capped, so a hostile or
 * confused server cannot park a Lambda for its whole timeout.
 */

export interface BackoffPolicy {
  /** The first retry's backoff ceiling; attempt n waits up to base × 2^(n-1). */
  baseDelayMs: number;
  /** No wait, asked for or computed, is longer. */
  maxDelayMs: number;
}

/** Anything that can answer a header by name: fetch's Headers, or a plain (lower-cased) record. */
export type HeaderSource = Headers | Record<string, string | string[] | undefined> | undefined | null;

function headerValue(headers: HeaderSource, name: string): string | null {
  if (!headers) return null;
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name);
  const record = headers as Record<string, string | string[] | undefined>;
  const found = record[name] ?? Object.entries(record).find(([k]) => k.toLowerCase() === name)?.[1];
  return Array.isArray(found) ? (found[0] ?? null) : (found ?? null);
}

const DELAY_SECONDS = /^\d{1,10}(\.\d{1,3})?$/;
// An HTTP-date always names a day or month in letters; this keeps Date.parse's lenient guesses ("2", "1/2") out.
const HTTP_DATE = /^[A-Za-z]{3,9},? .*\d{2}:\d{2}:\d{2}/;

/**
 * Milliseconds a Retry-After value asks for, capped at `capMs`; null when the
 * value is absent or unreadable (then the caller backs off instead). A date in
 * the past means "now" (0).
 */
export function parseRetryAfter(value: string | null | undefined, capMs: number, now = Date.now()): number | null {
  const text = value?.trim();
  if (!text) return null;
  if (DELAY_SECONDS.test(text)) return Math.min(capMs, Number(text) * 1000);
  if (!HTTP_DATE.test(text)) return null;
  const at = Date.parse(text);
  if (!Number.isFinite(at)) return null;
  return Math.min(capMs, Math.max(0, at - now));
}

/** The wait a reply's headers ask for (retry-after-ms, then Retry-After), capped; null when they ask for none. */
export function retryAfterFromHeaders(headers: HeaderSource, capMs: number, now = Date.now()): number | null {
  const ms = headerValue(headers, 'retry-after-ms')?.trim();
  if (ms && DELAY_SECONDS.test(ms)) return Math.min(capMs, Number(ms));
  return parseRetryAfter(headerValue(headers, 'retry-after'), capMs, now);
}

/** Exponential backoff with equal jitter before retry `attempt` (1-based): between half and all of min(cap, base × 2^(attempt-1)). */
export function backoffDelayMs(attempt: number, policy: BackoffPolicy, random = Math.random): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/** The wait before retry `attempt` (1-based): what the reply's headers ask for, else backoff; always within the cap. */
export function retryDelayMs(attempt: number, headers: HeaderSource, policy: BackoffPolicy, now = Date.now()): number {
  return retryAfterFromHeaders(headers, policy.maxDelayMs, now) ?? backoffDelayMs(attempt, policy);
}
