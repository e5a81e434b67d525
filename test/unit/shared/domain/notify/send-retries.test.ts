// The retry rules of held, digest and weekly-digest channels, and how long a job's run lease lasts.
import { describe, expect, it } from 'vitest';
import { afterFailedAttempt, attemptsOf, failuresOf, MAX_SEND_ATTEMPTS, retryAt } from '#shared/domain/notify/send-retries.ts';
import { leaseSeconds, runLifetimeSeconds, STALE_RUN_MARGIN_SECONDS } from '#shared/edges/jobs/stale-runs.ts';
import { RELEASE_CLAIM_STALE_SECONDS } from '#shared/domain/notify/held-release.ts';

describe('send retries', () => {
  it('waits again after each failed attempt below the cap, and fails at the cap', () => {
    expect(afterFailedAttempt(0, 'held')).toEqual({ attempts: 1, state: 'held', final: false });
    expect(afterFailedAttempt(MAX_SEND_ATTEMPTS - 2, 'digest')).toEqual({ attempts: MAX_SEND_ATTEMPTS - 1, state: 'digest', final: false });
    expect(afterFailedAttempt(MAX_SEND_ATTEMPTS - 1, 'digest')).toEqual({ attempts: MAX_SEND_ATTEMPTS, state: 'failed', final: true });
    expect(MAX_SEND_ATTEMPTS).toBe(5);
  });

  it("backs off from the job's interval, doubling per attempt", () => {
    const now = new Date('2026-04-01T08:00:00.000Z');
    expect([1, 2, 3, 4].map((n) => retryAt('held', n, now).toISOString())).toEqual([
      '2026-04-01T08:15:00.000Z',
      '2026-04-01T08:30:00.000Z',
      '2026-04-01T09:00:00.000Z',
      '2026-04-01T10:00:00.000Z',
    ]);
    expect(retryAt('digest', 4, now).toISOString()).toBe('2026-04-01T16:00:00.000Z');
  });

  it('counts attempts per channel and shows the error of each failed channel only', () => {
    expect([attemptsOf({ attempts: { push: 2 } }, 'push'), attemptsOf({ attempts: { push: 2 } }, 'email'), attemptsOf({}, 'push')]).toEqual([2, 0, 0]);
    expect(
      failuresOf({
        channels: { push: 'failed', email: 'held', rss: 'sent', webhook: 'off' },
        errors: { push: 'gave up after 5 attempts: HTTP 500', email: 'HTTP 503' },
      }),
    ).toEqual({ push: 'gave up after 5 attempts: HTTP 500' });
    expect(failuresOf({ channels: { push: 'failed', email: 'sent', rss: 'off', webhook: 'off' }, errors: {} })).toEqual({ push: 'not sent' });
  });
});

describe('run leases', () => {
  it("last as long as the job's function can run, plus the stale-run margin", () => {
    // The notify group's function is sized for its longest job (the weekly digest, 900 s).
    expect(runLifetimeSeconds('release_held_notifications')).toBe(900);
    expect(leaseSeconds('release_held_notifications')).toBe(900 + STALE_RUN_MARGIN_SECONDS);
  });

  it('end before a send claim expires, so a claim is taken over only once the run that made it is gone', () => {
    expect(RELEASE_CLAIM_STALE_SECONDS).toBeGreaterThan(leaseSeconds('send_notification_digest'));
  });
});
