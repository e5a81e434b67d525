/**
 * The correlation id of the work in progress: the id of the HTTP request,
 * job run or queue message that started it, carried by every queue message
 * it sends (the envelope's `correlation_id`) and written on every log line
 * (shared/platform/logger.ts). Kept in AsyncLocalStorage rather than in a
 * global so that a worker's records, which run concurrently in one
 * invocation, each log and send under their own id, and nothing of one
 * record outlives it. docs/observability.md, "Correlation ids", shows how to
 * follow one id through the logs.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

const store = new AsyncLocalStorage<string>();

/** What a client may send as `x-correlation-id`: short, and safe to print and to filter on. */
const SANE = /^[A-Za-z0-9._:@/+=-]{1,100}$/;

/** The header value if it is a usable id, else undefined (the caller falls back to its own request id). */
export function saneCorrelationId(value: string | undefined | null): string | undefined {
  const trimmed = value?.trim();
  return trimmed && SANE.test(trimmed) ? trimmed : undefined;
}

/** Runs `work` with `id` as the current correlation id; the id is gone when it settles. */
export function withCorrelationId<T>(id: string, work: () => Promise<T>): Promise<T> {
  return store.run(id.slice(0, 100), work);
}

/** The current correlation id, if any work is running under one. */
export const currentCorrelationId = (): string | undefined => store.getStore();
