/**
 * A sponsor's record in the committees a bill is referred to: how many of the
 * sponsor's bills of the last few Congresses went to each committee, and how
 * many of those were reported and became law. Members mostly write bills for
 * the committees they sit on, and a committee reports its own members' bills
 * far more often than others' (the dataset holds no committee rosters, so
 * this record stands in for membership and standing in the committee). Only
 * Congresses before the bill's own are read, as for the sponsor's record.
 */
import * as z from 'zod';
import { lazySchema } from '#shared/domain/lazy-schema.ts';
import type { SponsorTable } from '#shared/domain/forecast/sponsor-record.ts';

/** One sponsor's bills referred to one committee in one Congress: [congress, committee, bills, reported, enacted]. */
export const SponsorCommitteeRow = lazySchema(() => z.tuple([z.number().int(), z.string(), z.number().int(), z.number().int(), z.number().int()]));
export type SponsorCommitteeRow = z.infer<ReturnType<typeof SponsorCommitteeRow>>;

/** Every sponsor's committee rows, by bioguide id. */
export type SponsorCommitteeTable = Record<string, SponsorCommitteeRow[]>;

export interface SponsorCommitteePrior {
  /** The sponsor's bills in the bill's committee they sent most bills to (in the window). */
  bills: number;
  reported: number;
  enacted: number;
  /** Those bills as a share of all the sponsor's bills in the window (null without any). */
  share: number | null;
}

/** The sponsor's record in the bill's committees, from the `window` Congresses before `congress`. */
export function sponsorCommitteePrior(
  table: SponsorCommitteeTable,
  sponsors: SponsorTable,
  sponsorId: string | null,
  committees: readonly string[],
  congress: number,
  window: number,
): SponsorCommitteePrior {
  const inWindow = (c: number) => c < congress && c >= congress - window;
  const total = sponsorId ? (sponsors[sponsorId] ?? []).filter(([c]) => inWindow(c)).reduce((s, r) => s + r[1], 0) : 0;
  const rows = sponsorId ? (table[sponsorId] ?? []).filter(([c, committee]) => inWindow(c) && committees.includes(committee)) : [];
  const by = new Map<string, [number, number, number]>();
  for (const [, committee, bills, reported, enacted] of rows) {
    const s = by.get(committee) ?? [0, 0, 0];
    by.set(committee, [s[0] + bills, s[1] + reported, s[2] + enacted]);
  }
  const best = [...by.values()].sort((a, b) => b[0] - a[0] || b[1] - a[1])[0] ?? [0, 0, 0];
  return { bills: best[0], reported: best[1], enacted: best[2], share: total > 0 ? best[0] / total : null };
}
