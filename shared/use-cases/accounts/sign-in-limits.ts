/**
 * Failed sign-ins counted per account without letting a stranger lock the
 * owner out (SPEC, "Identity, auth and accounts"):
 *   - per (account, network): RATE_LIMIT_LOGIN_FAILURES_PER_ACCOUNT (10)
 *     failures per 15 minutes; past them an attempt from that network is
 *     answered like any failed one, and its password is never checked. The
 *     owner on another network is not affected.
 *   - per account, across networks: past RATE_LIMIT_LOGIN_SLOWDOWN_AFTER (50)
 *     failures in an hour, every attempt waits before its answer, longer the
 *     more failures (at most MAX_DELAY_MS), and the right password still signs
 *     in.
 * Every attempt is counted first, atomically (one UpdateItem that returns the
 * count), before its password is checked, so concurrent guesses cannot all
 * slip under the limit; a right password takes its counts back. Unknown
 * accounts are counted the same way, so the answers tell nothing of which
 * accounts exist. Wrong current passwords on a password change count alike.
 */
import { createHash } from 'node:crypto';
import { hit, refund, type RateDecision } from '#shared/adapters/db/rate-limit.repository.ts';
import { config } from '#shared/platform/config.ts';

/** The window of the per-(account, network) limit. */
export const NETWORK_WINDOW_SECONDS = 15 * 60;
/** The window of the across-networks slowdown. */
export const ACCOUNT_WINDOW_SECONDS = 60 * 60;
/** Each failure past the slowdown threshold adds this much wait, up to MAX_DELAY_MS. */
export const DELAY_STEP_MS = 100;
export const MAX_DELAY_MS = 3000;

/** Which secret is guessed: the sign-in password, or the current password of a password change. */
export type GuessKind = 'login' | 'password_change';

const COUNTERS: Record<GuessKind, { network: string; account: string }> = {
  login: { network: 'loginFailure', account: 'loginFailureAll' },
  password_change: { network: 'passwordFailure', account: 'passwordFailureAll' },
};

/** The counter subject of an account: a digest of its email (or id), so the rate items hold no address and stay a fixed size. */
export const accountSubject = (account: string) => `acct:${createHash('sha256').update(account.trim().toLowerCase(), 'utf8').digest('base64url')}`;

/** The wait before answering an attempt that is the `count`th failure across networks within the hour. */
export function slowdownMs(count: number, after = config().RATE_LIMIT_LOGIN_SLOWDOWN_AFTER): number {
  return count <= after ? 0 : Math.min(MAX_DELAY_MS, (count - after) * DELAY_STEP_MS);
}

export interface CountedAttempt {
  /** False past the per-(account, network) limit: answer like a wrong password, without checking it. */
  mayCheck: boolean;
  /** How long to wait before answering (the across-networks slowdown). */
  delayMs: number;
  /** A right password: its counts are taken back, so signing in costs nothing. */
  succeeded(): Promise<void>;
}

/** Counts one guess at `account`'s secret from `network` (an IPv4 address or IPv6 /64), before it is checked. */
export async function countGuess(kind: GuessKind, account: string, network: string): Promise<CountedAttempt> {
  const names = COUNTERS[kind];
  const subject = accountSubject(account);
  const perNetwork = `${subject}:${network}`;
  const [byNetwork, overall]: [RateDecision, RateDecision] = await Promise.all([
    hit(names.network, perNetwork, config().RATE_LIMIT_LOGIN_FAILURES_PER_ACCOUNT, NETWORK_WINDOW_SECONDS),
    hit(names.account, subject, config().RATE_LIMIT_LOGIN_SLOWDOWN_AFTER, ACCOUNT_WINDOW_SECONDS),
  ]);
  return {
    mayCheck: byNetwork.allowed,
    delayMs: slowdownMs(overall.count),
    succeeded: async () => {
      await Promise.all([refund(names.network, perNetwork, byNetwork.slot), refund(names.account, subject, overall.slot)]);
    },
  };
}

/** Waits the attempt's slowdown (a Lambda spends at most MAX_DELAY_MS of its time on it). */
export const waitFor = (attempt: CountedAttempt): Promise<void> =>
  attempt.delayMs > 0 ? new Promise((resolve) => setTimeout(resolve, attempt.delayMs)) : Promise.resolve();
