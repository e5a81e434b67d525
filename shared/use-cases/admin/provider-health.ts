/**
 * The external-API health check (use case of GET /api/admin/health), pure of
 * any provider: it runs the probes it is given and aggregates the report.
 *   1. Start every probe at once, each under its own deadline, so one slow
 *      provider cannot stall the answer.
 *   2. A probe whose sources an admin switched off is "disabled", and one
 *      that names a reason to skip (no key, no client) is "not_configured";
 *      neither is called.
 *   3. Otherwise time its one call: a resolved call is "ok" with its latency,
 *      a throw or a missed deadline is "error" with the reason as detail.
 *   4. The report is "degraded" when any configured check errored.
 */
import type { CheckName, ProviderCheck, ProviderHealth } from './provider-health.schema.ts';
import { errorText } from '#shared/errors/error-text.ts';

export interface Probe {
  name: CheckName;
  /** Why the check is off: the admin switched its data sources off (data_sources); absent or null when it runs. */
  disabled?: string | null;
  /** Why the provider cannot be checked (no key, no client), or null when it can. */
  skipReason(): Promise<string | null>;
  /** One cheap request to the provider; resolves to a detail for the report, throws when the provider fails. */
  call(deadlineMs: number): Promise<string>;
}

export interface CheckOptions {
  /** Budget of each check, skip decision included. */
  timeoutMs: number;
  /** Monotonic milliseconds (tests may pass their own). */
  now?: () => number;
}

/** Longest detail kept from a provider's error, so a huge error body cannot bloat the report. */
const MAX_DETAIL = 300;

class DeadlineError extends Error {
  override name = 'DeadlineError';
}

/** The promise's result, or a DeadlineError after `ms`; the timer never outlives the race. */
async function withDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DeadlineError(`no answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/** One line of error text, at most MAX_DETAIL characters. */
export function errorDetail(err: unknown): string {
  const text = errorText(err).replace(/\s+/g, ' ').trim() || 'failed without a message';
  return text.length > MAX_DETAIL ? `${text.slice(0, MAX_DETAIL - 1)}…` : text;
}

/** Runs one probe under its deadline; never throws. */
export async function runCheck(probe: Probe, options: CheckOptions): Promise<ProviderCheck> {
  const now = options.now ?? (() => performance.now());
  let calledAt: number | null = null;
  const latency = () => (calledAt === null ? null : Math.max(0, Math.round(now() - calledAt)));
  if (probe.disabled) return { name: probe.name, status: 'disabled', latency_ms: null, detail: probe.disabled };
  const attempt = (async () => {
    const skip = await probe.skipReason();
    if (skip !== null) return { status: 'not_configured' as const, detail: skip };
    calledAt = now();
    return { status: 'ok' as const, detail: await probe.call(options.timeoutMs) };
  })();
  try {
    const out = await withDeadline(attempt, options.timeoutMs);
    return { name: probe.name, status: out.status, latency_ms: out.status === 'ok' ? latency() : null, detail: out.detail };
  } catch (err) {
    return { name: probe.name, status: 'error', latency_ms: latency(), detail: errorDetail(err) };
  }
}

/** "degraded" when any configured provider failed; not-configured and disabled ones do not count. */
export const overallStatus = (checks: readonly ProviderCheck[]): ProviderHealth['status'] => (checks.some((c) => c.status === 'error') ? 'degraded' : 'ok');

/** Runs every probe concurrently and aggregates the report, in the probes' order. */
export async function checkProviders(probes: readonly Probe[], options: CheckOptions): Promise<ProviderHealth> {
  const checkedAt = new Date().toISOString();
  const checks = await Promise.all(probes.map((p) => runCheck(p, options)));
  return { status: overallStatus(checks), checked_at: checkedAt, checks };
}
