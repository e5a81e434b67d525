/**
 * What "recently active" means, in one place: a bill with an action in the
 * last ACTIVE_BILL_DAYS. The nightly action fetch refreshes these bills, and
 * the daily public-interest scores cover them (with the followed ones).
 */

/** A bill acted on within this many days is active. */
export const ACTIVE_BILL_DAYS = 30;

/** The first day (YYYY-MM-DD, UTC) of the active window ending at `now`. */
export const activeSince = (now: Date): string => new Date(now.getTime() - ACTIVE_BILL_DAYS * 86_400_000).toISOString().slice(0, 10);
