import { describe, expect, it } from 'vitest';
import { billFeatures, featureNames, type FeatureContext } from '#shared/domain/forecast/bill-features.ts';
import { BillFacts } from '#shared/domain/forecast/bill-record.schema.ts';
import { encodeCongressTitles, titleKeys } from '#shared/domain/forecast/title-history.ts';
import { EXAMPLE_RECORD, hasDataset, realRecords } from '../../../../support/bill-outcomes.ts';

const S1942 = EXAMPLE_RECORD;

const context: FeatureContext = {
  space: {
    committees: ['HSGO', 'SSFR'],
    policyAreas: ['health', 'international affairs'],
    baseRates: [0.15, 0.08, 0.04],
    committeeRates: { SSFR: [0.1, 0.05, 0.02] },
    policyRates: { 'international affairs': [0.12, 0.06, 0.03] },
    titleWindow: 3,
  },
  sponsors: {
    B000711: [
      [111, 40, 10, 6, 4],
      [112, 30, 6, 3, 2],
      [113, 99, 99, 99, 99],
    ],
  },
  titles: { '112': encodeCongressTitles([{ keys: titleKeys(S1942.title as string, 'Women, Peace, and Security Act of 2012'), level: 1 }]) },
};

function named(bill: unknown): Record<string, number> {
  const x = billFeatures(BillFacts().parse(bill), context);
  return Object.fromEntries(featureNames(context.space).map((n, i) => [n, x[i]!]));
}

describe('bill features at introduction', () => {
  it('reads a Senate bill by a majority-party chair with a bipartisan cosponsor', () => {
    const f = named(S1942);
    expect(f).toMatchObject({
      senate: 1,
      joint_resolution: 0,
      number: 1942,
      days_into_congress: 378,
      sponsor_in_majority: 1,
      // Obama's Democrats held the White House and the Senate; the House was Republican.
      sponsor_party_holds_presidency: 1,
      sponsor_party_holds_other_chamber: 0,
      unified_government: 0,
      committee_chair: 1,
      seniority_years: 21,
      cosponsors: 2,
      cosponsors_other_share: 0.5,
      cosponsors_majority_party: 1,
      cosponsors_minority_party: 1,
      committees: 1,
      committee_SSFR: 1,
      committee_HSGO: 0,
      'policy_international affairs': 1,
      policy_health: 0,
      has_short_title: 1,
      committee_max_rate_reported: 0.1,
      policy_rate_enacted: 0.03,
      congress: 113,
    });
  });

  it('reads the sponsor’s record and the bill’s earlier versions from earlier Congresses only', () => {
    const f = named(S1942);
    expect(f).toMatchObject({ sponsor_prior_bills: 70, sponsor_prior_congresses: 2, sponsor_prior_gap: 1, sponsor_prior_enacted: 6 });
    // (6 + 8 x 0.04) / (70 + 8): shrunk toward the base rate.
    expect(f.sponsor_prior_enacted_rate).toBeCloseTo(0.081, 4);
    // Both its official and its short title (years aside) match the 112th's version.
    expect(f).toMatchObject({ prior_versions: 2, prior_version_level: 1, prior_version_gap: 1 });
  });

  it('reads a bill of a Congress after the tables as one of the Congress after training would be read', () => {
    // The tables end with the 112th: a 116th bill by a sitting senator is read as of the 113th, gap 1 and
    // its version of the 112th found, as the trees saw sitting members; without the bound, a gap of several
    // Congresses (here 3, to the fixture's 113th row) and no earlier version in the title window.
    const later = { ...S1942, id: '116-s-1942', congress: 116, introduced: '2019-07-01' };
    const bounded = { ...context, space: { ...context.space, latestCongress: 112 } };
    const read = (ctx: FeatureContext) => Object.fromEntries(featureNames(ctx.space).map((n, i) => [n, billFeatures(BillFacts().parse(later), ctx)[i]!]));
    expect(read(bounded)).toMatchObject({ sponsor_prior_bills: 70, sponsor_prior_gap: 1, prior_versions: 2, prior_version_gap: 1, congress: 116 });
    expect(read(context)).toMatchObject({ sponsor_prior_gap: 3, prior_versions: 0 });
    // A bill of the Congress after the tables, or of one within them, reads as it always did.
    expect(named(S1942)).toEqual(Object.fromEntries(featureNames(bounded.space).map((n, i) => [n, billFeatures(BillFacts().parse(S1942), bounded)[i]!])));
  });

  it('reads the documented gaps as missing, not as zero', () => {
    const f = named({
      ...S1942,
      short_title: undefined,
      subjects_top_term: null,
      companion: null,
      committees_referred: ['SSXX'],
      sponsor: { ...S1942.sponsor, id: null, party: null, seniority_years: null, committee_chair: null },
    });
    expect(f.seniority_years).toBeNaN();
    expect(f.committee_chair).toBeNaN();
    expect(f.sponsor_in_majority).toBeNaN();
    expect(f.companion).toBeNaN();
    expect(f.committee_max_rate_reported).toBeNaN();
    expect(f).toMatchObject({ has_short_title: 0, committees: 1, committee_SSFR: 0, sponsor_prior_bills: 0, 'policy_international affairs': 0 });
  });

  it.skipIf(!hasDataset)('reads real records: a House post office naming and a tax bill', () => {
    const [naming, tax] = realRecords('114-hr-1132', '114-hr-644');
    const n = named(naming);
    expect(n.senate).toBe(0);
    expect(n.title_post_office).toBe(1);
    expect(n.title_naming).toBe(1);
    const t = named(tax);
    expect(t.title_tax_code).toBe(1);
    expect(t.title_post_office).toBe(0);
    expect(t.days_into_congress).toBeGreaterThan(0);
  });
});
