/**
 * What the features are read against, built from the training bills only:
 * the committee and policy-area vocabularies with their stage rates, the
 * sponsors' per-Congress counts, and each Congress's titles with the stage
 * they reached (shared/domain/forecast/bill-features.ts reads them).
 */
import type { FeatureSpace, StageRates } from '#shared/domain/forecast/bill-features.ts';
import { policyAreaKey } from '#shared/domain/forecast/bill-features.ts';
import type { BillRecord } from '#shared/domain/forecast/bill-record.schema.ts';
import { stagesReached } from '#shared/domain/forecast/forecast-stages.ts';
import type { SponsorTable } from '#shared/domain/forecast/sponsor-record.ts';
import { roundTo } from '#shared/domain/forecast/rounding.ts';
import { encodeCongressTitles, type Level, type TitleHistory, titleKeys } from '#shared/domain/forecast/title-history.ts';

/** A training bill with its outcome read as stages reached. */
export interface LabelledBill {
  record: BillRecord;
  stages: [number, number, number];
}

export const labelled = (records: BillRecord[]): LabelledBill[] =>
  records.map((record) => {
    if (!record.outcome) throw new Error(`${record.id}: a training record needs its outcome`);
    return { record, stages: stagesReached(record.type, record.outcome) };
  });

/** Committees and policy areas seen this often get a feature of their own and a rate. */
const MIN_COMMITTEE_BILLS = 50;
const MIN_AREA_BILLS = 80;
/** Pseudo-bills a category's rate is shrunk toward the base rate by. */
const SHRINK = 20;

const round4 = (v: number) => roundTo(v, 4);

function ratesBy(bills: LabelledBill[], keysOf: (b: BillRecord) => (string | null)[], min: number, base: StageRates): Record<string, StageRates> {
  const sums = new Map<string, number[]>();
  for (const b of bills) {
    for (const key of keysOf(b.record)) {
      if (key === null) continue;
      const s = sums.get(key) ?? [0, 0, 0, 0];
      s[0]! += 1;
      b.stages.forEach((v, i) => (s[i + 1]! += v));
      sums.set(key, s);
    }
  }
  const keys = [...sums.keys()].filter((k) => sums.get(k)![0]! >= min).sort();
  return Object.fromEntries(keys.map((k) => [k, base.map((r, i) => round4((sums.get(k)![i + 1]! + SHRINK * r) / (sums.get(k)![0]! + SHRINK))) as StageRates]));
}

/** The vocabularies and rates of the training bills. */
export function featureSpace(bills: LabelledBill[], titleWindow: number): FeatureSpace {
  const base = [0, 1, 2].map((i) => round4(bills.reduce((s, b) => s + b.stages[i]!, 0) / bills.length)) as StageRates;
  const committeeRates = ratesBy(bills, (r) => r.committees_referred, MIN_COMMITTEE_BILLS, base);
  const policyRates = ratesBy(bills, (r) => [policyAreaKey(r.subjects_top_term)], MIN_AREA_BILLS, base);
  const latestCongress = Math.max(...bills.map((b) => b.record.congress));
  return {
    committees: Object.keys(committeeRates),
    policyAreas: Object.keys(policyRates),
    baseRates: base,
    committeeRates,
    policyRates,
    titleWindow,
    latestCongress,
  };
}

/** Each sponsor's bills per Congress and how many reached each stage, oldest Congress first. */
export function sponsorTable(bills: LabelledBill[]): SponsorTable {
  const table: SponsorTable = {};
  for (const { record, stages } of bills) {
    if (!record.sponsor.id) continue;
    const rows = (table[record.sponsor.id] ??= []);
    let row = rows.find((r) => r[0] === record.congress);
    if (!row) rows.push((row = [record.congress, 0, 0, 0, 0]));
    row[1] += 1;
    row[2] += stages[0];
    row[3] += stages[1];
    row[4] += stages[2];
  }
  for (const rows of Object.values(table)) rows.sort((a, b) => a[0] - b[0]);
  return Object.fromEntries(
    Object.keys(table)
      .sort()
      .map((k) => [k, table[k]!]),
  );
}

const levelOf = (stages: [number, number, number]): Level => (stages[2] ? 3 : stages[1] ? 2 : stages[0] ? 1 : 0);

/** The titles of the given Congresses' bills with the furthest stage each reached. */
export function titleHistory(bills: LabelledBill[], congresses: number[]): TitleHistory {
  return Object.fromEntries(
    congresses.map((c) => [
      String(c),
      encodeCongressTitles(
        bills.filter((b) => b.record.congress === c).map((b) => ({ keys: titleKeys(b.record.title, b.record.short_title), level: levelOf(b.stages) })),
      ),
    ]),
  );
}
