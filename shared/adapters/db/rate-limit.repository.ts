/**
 * Sliding-window rate limits shared by every Lambda. Each (limit, subject)
 * item keeps one counter per time slot (a twelfth of the window) and a hit is
 * one atomic UpdateItem: ADD to the current slot, REMOVE slots that just left
 * the window, and return the item. Nothing is read first, so concurrent
 * Lambdas never contend or lose a hit; unlike fixed windows, a burst that
 * straddles a boundary is still caught. A slot counts until the whole slot
 * has left the window, so hits are never under-counted (a hit may count for
 * up to one slot longer than the window). Refused hits count too, so a client
 * that keeps hammering stays refused.
 */
import { conditional } from './dynamo.ts';
import { rateKeys } from './keys/rate.keys.ts';
import { TTL_ATTRIBUTE } from './table.ts';
import { cond, expressions, update } from './expressions.ts';
import * as table from './table-client.ts';

export interface RateDecision {
  allowed: boolean;
  /** Hits counted in the window, this one included. */
  count: number;
  /** Seconds until the oldest counted slot leaves the window. */
  retryAfterSeconds: number;
  /** The slot this hit was counted in, for refund(). */
  slot: number;
}

const SLOTS_PER_WINDOW = 12;
/** Slots older than the window that each hit removes; idle gaps leave a few more, which TTL clears. */
const PRUNE = 3;

const slotAttr = (slot: number) => `s${slot}`;

/** Counts one hit against `limit` per `windowSeconds` for a subject and says whether it is allowed. */
export async function hit(name: string, subject: string, limit: number, windowSeconds: number, now = Date.now()): Promise<RateDecision> {
  const slotMs = Math.ceil((windowSeconds * 1000) / SLOTS_PER_WINDOW);
  const current = Math.floor(now / slotMs);
  const oldestCounted = current - SLOTS_PER_WINDOW;
  const expired = Array.from({ length: PRUNE }, (_, i) => oldestCounted - 1 - i);
  const out = await table.updateItem({
    Key: rateKeys.window(name, subject),
    ...expressions({
      update: {
        add: { [slotAttr(current)]: 1 },
        set: { [TTL_ATTRIBUTE]: Math.ceil((now + 2 * windowSeconds * 1000) / 1000) },
        remove: expired.map(slotAttr),
      },
    }),
    ReturnValues: 'ALL_NEW',
  });
  return decide(out.Attributes, limit, windowSeconds, now);
}

/** The decision a hit would get now, without counting one (a strongly consistent read of the counters). */
export async function peek(name: string, subject: string, limit: number, windowSeconds: number, now = Date.now()): Promise<RateDecision> {
  const out = await table.getItem({ Key: rateKeys.window(name, subject), ConsistentRead: true });
  const decision = decide(out.Item, limit, windowSeconds, now);
  // Nothing is added: the next hit is allowed while the window holds fewer than `limit`.
  return { ...decision, allowed: decision.count < limit };
}

function decide(attributes: Record<string, unknown> | undefined, limit: number, windowSeconds: number, now: number): RateDecision {
  const slotMs = Math.ceil((windowSeconds * 1000) / SLOTS_PER_WINDOW);
  const current = Math.floor(now / slotMs);
  const oldestCounted = current - SLOTS_PER_WINDOW;
  const counted = Object.entries(attributes ?? {})
    .filter(([attr]) => /^s\d+$/.test(attr))
    .map(([attr, value]) => ({ slot: Number(attr.slice(1)), hits: Number(value) }))
    .filter((s) => s.slot >= oldestCounted && s.hits > 0);
  const count = counted.reduce((sum, s) => sum + s.hits, 0);
  const oldest = Math.min(...counted.map((s) => s.slot), current);
  const leavesAt = (oldest + 1) * slotMs + windowSeconds * 1000;
  return { allowed: count <= limit, count, retryAfterSeconds: Math.max(1, Math.ceil((leavesAt - now) / 1000)), slot: current };
}

/**
 * Takes back one hit counted by hit() in `slot`: a request that turned out
 * to cost nothing (a 304 revalidation) does not spend the caller's quota.
 * The condition keeps a counter from going below zero when the slot has
 * already been pruned.
 */
export async function refund(name: string, subject: string, slot: number): Promise<void> {
  await conditional(() =>
    table.updateItem({
      Key: rateKeys.window(name, subject),
      ...update({ add: { [slotAttr(slot)]: -1 } }, cond.gt(slotAttr(slot), 0)),
    }),
  );
}
