import { describe, expect, it } from 'vitest';
import { billFeatures, featureNames, type FeatureContext } from '#shared/domain/forecast/bill-features.ts';
import { BillFacts } from '#shared/domain/forecast/bill-record.schema.ts';
import { sponsorCommitteePrior, type SponsorCommitteeTable } from '#shared/domain/forecast/sponsor-committees.ts';
import type { SponsorTable } from '#shared/domain/forecast/sponsor-record.ts';
import { EXAMPLE_RECORD } from '../../../../support/bill-outcomes.ts';

const sponsors: SponsorTable = {
  B000711: [
    [109, 50, 5, 5, 5],
    [111, 40, 10, 6, 4],
    [112, 30, 6, 3, 2],
    [113, 99, 99, 99, 99],
  ],
};
const table: SponsorCommitteeTable = {
  B000711: [
    [109, 'SSFR', 50, 5, 5],
    [111, 'SSFR', 10, 4, 1],
    [111, 'SSJU', 20, 1, 0],
    [112, 'SSFR', 5, 2, 1],
    [112, 'SSJU', 4, 0, 0],
    [113, 'SSFR', 99, 99, 99],
  ],
};

describe("the sponsor's record in the bill's committees", () => {
  it('sums the window before the Congress, in the committee the sponsor sent most bills to', () => {
    // 109th is outside a 3-Congress window of the 113th, the 113th is the bill's own.
    expect(sponsorCommitteePrior(table, sponsors, 'B000711', ['SSFR', 'SSJU'], 113, 3)).toEqual({ bills: 24, reported: 1, enacted: 0, share: 24 / 70 });
    expect(sponsorCommitteePrior(table, sponsors, 'B000711', ['SSFR'], 113, 3)).toEqual({ bills: 15, reported: 6, enacted: 2, share: 15 / 70 });
  });

  it('is empty for a committee, sponsor or window without bills', () => {
    const none = { bills: 0, reported: 0, enacted: 0 };
    expect(sponsorCommitteePrior(table, sponsors, 'B000711', ['HSWM'], 113, 3)).toEqual({ ...none, share: 0 });
    expect(sponsorCommitteePrior(table, sponsors, 'X000000', ['SSFR'], 113, 3)).toEqual({ ...none, share: null });
    expect(sponsorCommitteePrior(table, sponsors, null, ['SSFR'], 113, 3)).toEqual({ ...none, share: null });
    expect(sponsorCommitteePrior(table, sponsors, 'B000711', ['SSFR'], 109, 1)).toEqual({ ...none, share: null });
  });

  it('is read as the last features only by models whose space has a window', () => {
    const space = { committees: ['SSFR'], policyAreas: [], baseRates: [0.15, 0.08, 0.04] as [number, number, number], committeeRates: {}, policyRates: {}, titleWindow: 3 };
    const old: FeatureContext = { space, sponsors, titles: {} };
    const withWindow: FeatureContext = { space: { ...space, sponsorCommitteeWindow: 3 }, sponsors, titles: {}, sponsorCommittees: table };
    const bill = BillFacts().parse(EXAMPLE_RECORD);
    const before = billFeatures(bill, old);
    const after = billFeatures(bill, withWindow);
    expect(featureNames(withWindow.space).slice(0, -4)).toEqual(featureNames(old.space));
    expect([...after.slice(0, before.length)]).toEqual([...before]);
    expect(Object.fromEntries(featureNames(withWindow.space).slice(-4).map((n, i) => [n, after[before.length + i]]))).toEqual({
      sponsor_prior_committee_bills: 15,
      sponsor_prior_committee_reported: 6,
      sponsor_prior_committee_enacted: 2,
      sponsor_prior_committee_share: 0.2143,
    });
  });
});
