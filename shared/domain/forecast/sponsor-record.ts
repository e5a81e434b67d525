/**
 * A sponsor's track record: how many of their bills in earlier Congresses were
 * reported, passed their chamber and became law. Members who got bills through
 * before tend to again (they chair, they know the calendar, they pick
 * passable bills). Only Congresses before the bill's own count, so a record is
 * never read from the future, in training or in use; the model file carries
 * the per-Congress counts (shared/domain/forecast/model/README.md).
 */
import * as z from 'zod';
import { lazySchema } from '#shared/domain/lazy-schema.ts';

/** One sponsor's bills in one Congress: [congress, bills, reported, passed its chamber, enacted]. */
export const SponsorCongress = lazySchema(() => z.tuple([z.number().int(), z.number().int(), z.number().int(), z.number().int(), z.number().int()]));
export type SponsorCongress = z.infer<ReturnType<typeof SponsorCongress>>;

/** Every sponsor's Congresses, by bioguide id, oldest first. */
export type SponsorTable = Record<string, SponsorCongress[]>;

export interface SponsorPrior {
  bills: number;
  reported: number;
  passed: number;
  enacted: number;
  congresses: number;
  /** Congresses since the sponsor's last recorded bills (null for none). */
  gap: number | null;
}

const NONE: SponsorPrior = { bills: 0, reported: 0, passed: 0, enacted: 0, congresses: 0, gap: null };

/** The sponsor's record from the Congresses before `congress`. */
export function sponsorPrior(table: SponsorTable, sponsorId: string | null, congress: number): SponsorPrior {
  const rows = sponsorId ? (table[sponsorId] ?? []) : [];
  const before = rows.filter(([c]) => c < congress);
  if (before.length === 0) return NONE;
  const sum = (i: 1 | 2 | 3 | 4) => before.reduce((s, r) => s + r[i], 0);
  return {
    bills: sum(1),
    reported: sum(2),
    passed: sum(3),
    enacted: sum(4),
    congresses: before.length,
    gap: congress - before.at(-1)![0],
  };
}

/** A rate shrunk toward the base rate by `weight` pseudo-bills, so one lucky bill is not a 100% record. */
export const shrunkRate = (hits: number, n: number, base: number, weight = 8): number => (hits + weight * base) / (n + weight);
