/**
 * How held, digest and weekly-digest channels are retried, and when they
 * stop (docs/product-rules.md, "Notifications"). Every failed send of a
 * channel, and every claim a dead run left without an outcome, is one
 * attempt; after MAX_SEND_ATTEMPTS the channel becomes `failed` with its
 * last error, instead of being retried forever. Between attempts a held or
 * digest event waits longer each time, starting at its job's interval.
 * Pure.
 */
import type { ChannelName, ChannelState, NotificationEvent } from './notification.schema.ts';

/** Five attempts span about four hours for a held event and a day for a digest: long enough to outlast a provider outage, short enough that the user is told it failed. */
export const MAX_SEND_ATTEMPTS = 5;

/** The interval of the job that retries each kind of deferral: release_held_notifications every 15 minutes, send_notification_digest hourly. */
export const RETRY_BASE_SECONDS = { held: 15 * 60, digest: 60 * 60 } as const;
export type RetryKind = keyof typeof RETRY_BASE_SECONDS;

/** What a channel becomes after one more failed attempt: waiting again (with the attempt counted), or failed for good. */
export function afterFailedAttempt(attemptsBefore: number, waiting: ChannelState): { attempts: number; state: ChannelState; final: boolean } {
  const attempts = attemptsBefore + 1;
  const final = attempts >= MAX_SEND_ATTEMPTS;
  return { attempts, state: final ? 'failed' : waiting, final };
}

/** When the next attempt is due after `attempts` failed ones: the job's interval, doubled per further attempt. */
export function retryAt(kind: RetryKind, attempts: number, now: Date): Date {
  return new Date(now.getTime() + RETRY_BASE_SECONDS[kind] * 2 ** Math.max(0, attempts - 1) * 1000);
}

/** The failed attempts a channel has used so far. */
export const attemptsOf = (event: Pick<NotificationEvent, 'attempts'>, channel: ChannelName): number => event.attempts?.[channel] ?? 0;

/** The last error of each channel that is `failed`: what the history shows for a send that gave up. */
export function failuresOf(event: Pick<NotificationEvent, 'channels' | 'errors'>): Partial<Record<ChannelName, string>> {
  const out: Partial<Record<ChannelName, string>> = {};
  for (const [channel, state] of Object.entries(event.channels) as [ChannelName, ChannelState][]) {
    if (state === 'failed') out[channel] = event.errors[channel] ?? 'not sent';
  }
  return out;
}
