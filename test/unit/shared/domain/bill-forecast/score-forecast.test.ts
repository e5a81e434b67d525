import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { forecastFacts, seniorityYears, type StoredBill } from '#shared/domain/bill-forecast/forecast-facts.ts';
import { committeesInText, referralCommittees } from '#shared/domain/bill-forecast/referral-committees.ts';
import { scoreForecast } from '#shared/domain/bill-forecast/score-forecast.ts';
import { ForecastModel } from '#shared/domain/forecast/forecast-model.schema.ts';
import { makeBill } from '../../../../support/personal-seed.ts';

const model = ForecastModel().parse(
  JSON.parse(readFileSync(new URL('../../../../../shared/domain/forecast/model/forecast-model.json', import.meta.url), 'utf8')),
);

const introduced = { status: 'INTRODUCED' as const, date: '2025-02-03', action_text: 'Introduced in House' };

function stored(over: Partial<StoredBill['bill']> = {}, more: Partial<StoredBill> = {}): StoredBill {
  const bill = makeBill(119, 'hr', 1234, {
    title: 'To amend title 38, United States Code, to improve care for veterans',
    introduced_date: '2025-02-03',
    policy_area: 'Armed Forces and National Security',
    sponsor_id: 'B000001',
    sponsor: { id: 'B000001', name: 'Doe, Jane', party: 'R', state: 'OH', district: 4 },
    status: 'REFERRED',
    status_timeline: [introduced],
    ...over,
  });
  return {
    bill,
    sponsor: {
      party: 'R',
      terms: [
        { chamber: 'house', congress: null, start_year: 2015, end_year: 2017, state: 'OH', district: 4, party: 'R' },
        { chamber: 'house', congress: null, start_year: 2017, end_year: null, state: 'OH', district: 4, party: 'R' },
      ],
      chaired_committees: [],
    },
    cosponsors: [
      { party: 'R', is_original: true, withdrawn_date: null },
      { party: 'D', is_original: true, withdrawn_date: null },
      { party: 'D', is_original: false, withdrawn_date: null },
    ],
    actions: [{ action_date: '2025-02-03', category: 'referral', action_text: "Referred to the Committee on Veterans' Affairs." }],
    related: [{ congress: 119, relationships: [{ type: 'Identical bill', identified_by: 'CRS' }] }],
    ...more,
  };
}

describe('forecastFacts', () => {
  it("reads the model's input record from the stored bill, sponsor, cosponsors, actions and related bills", () => {
    const read = forecastFacts(stored(), 119)!;
    expect(read.facts).toMatchObject({
      id: '119-hr-1234',
      introduced: '2025-02-03',
      subjects_top_term: 'Armed Forces and National Security',
      sponsor: { id: 'B000001', party: 'R', chamber: 'house', title: 'Rep', seniority_years: 10.1, committee_chair: false },
      majority_party: 'R',
      original_cosponsors: { n: 2, n_same_party: 1, n_other_party: 1, n_party_unknown: 0 },
      committees_referred: ['HSVR'],
      companion: true,
    });
    expect(read.cosponsorsNow).toEqual({ n: 3, n_other_party: 2 });
    expect(read.unknown).toEqual([]);
  });
  it('names what the service did not hold, and reads chair status only for the sitting Congress', () => {
    const read = forecastFacts(stored({ policy_area: null }, { sponsor: null, actions: [] }), 120)!;
    expect(read.unknown).toEqual(['seniority', 'committee_chair', 'policy_area', 'committees']);
    expect(read.facts.sponsor.party).toBe('R');
  });
  it('counts seniority as the union of terms in the chamber before introduction', () => {
    const terms = [
      { chamber: 'senate' as const, congress: null, start_year: 2001, end_year: 2007, state: 'OH', district: null, party: 'R' },
      { chamber: 'house' as const, congress: null, start_year: 2021, end_year: null, state: 'OH', district: 4, party: 'R' },
    ];
    expect(seniorityYears(terms, 'house', '2023-01-03')).toBe(2);
    expect(seniorityYears(terms, 'senate', '2023-01-03')).toBe(6);
  });
});

describe('referral committees', () => {
  it('reads full committees from referral text, longest names first', () => {
    expect(
      committeesInText(
        'Referred to the Committee on Energy and Commerce, and in addition to the Committee on Ways and Means, for a period to be subsequently determined',
        'house',
      ),
    ).toEqual(['HSIF', 'HSWM']);
    expect(committeesInText('Received in the Senate and referred to the Committee on Finance.', 'senate')).toEqual([]);
  });
  it("prefers a source's committee codes, kept to the chamber of origin's full committees", () => {
    expect(referralCommittees([{ action_text: 'Referred to committee', category: 'referral', committees: ['HSII13', 'SSEG00'] }], 'house')).toEqual(['HSII']);
  });
});

describe('scoreForecast', () => {
  const now = new Date('2025-04-01T04:00:00Z');
  const base = { model, latest: null, told: null, currentCongress: 119, now };

  it('publishes the three odds with the three factors that moved them most, and the events still open', () => {
    const decision = scoreForecast({ ...base, stored: stored() });
    expect(decision.kind).toBe('publish');
    if (decision.kind !== 'publish') return;
    const f = decision.forecast;
    expect(f.version).toBe(1);
    expect(f.stage).toBe('introduced');
    expect(f.p_reported).toBeGreaterThan(f.p_passed_chamber);
    expect(f.p_passed_chamber).toBeGreaterThan(f.p_enacted);
    expect(f.factors.length).toBeGreaterThan(0);
    expect(f.factors.length).toBeLessThanOrEqual(3);
    for (const factor of f.factors) expect(factor.direction).toBe(factor.ratio > 1 ? 'raises' : 'lowers');
    expect(f.scored_events).toEqual(['reported', 'passed_chamber', 'enacted']);
    // 57 days old: the cosponsors it has now are read.
    expect(f.cosponsors).toEqual({ n: 3, n_other_party: 2 });
    expect(decision.jump).toBeNull();
  });

  it('writes nothing when a re-score gives the same forecast', () => {
    const first = scoreForecast({ ...base, stored: stored() });
    if (first.kind !== 'publish') throw new Error('expected a forecast');
    const again = scoreForecast({ ...base, stored: stored(), latest: first.forecast, told: first.forecast.p_enacted, now: new Date('2025-04-02T04:00:00Z') });
    expect(again.kind).toBe('same');
  });

  it('reports a jump when the bill passes its chamber, measured from the odds last told', () => {
    const first = scoreForecast({ ...base, stored: stored() });
    if (first.kind !== 'publish') throw new Error('expected a forecast');
    const passed = stored({
      status: 'PASS_OVER:HOUSE',
      status_timeline: [introduced, { status: 'PASS_OVER:HOUSE', date: '2025-05-01', action_text: 'Passed the House' }],
    });
    const next = scoreForecast({ ...base, stored: passed, latest: first.forecast, told: first.forecast.p_enacted, now: new Date('2025-05-02T04:00:00Z') });
    expect(next.kind).toBe('publish');
    if (next.kind !== 'publish') return;
    expect(next.forecast.version).toBe(2);
    expect(next.forecast.p_passed_chamber).toBe(1);
    expect(next.forecast.scored_events).toEqual(['enacted']);
    expect(next.forecast.p_enacted).toBeGreaterThan(first.forecast.p_enacted + 0.1);
    expect(next.jump).toEqual({ from: first.forecast.p_enacted, to: next.forecast.p_enacted });
  });

  it('skips enacted bills, bills without stored actions, and an ended Congress unless asked to look back', () => {
    expect(scoreForecast({ ...base, stored: stored({ status: 'ENACTED:SIGNED' }) })).toEqual({ kind: 'skip', reason: 'enacted' });
    expect(scoreForecast({ ...base, stored: stored({ status_timeline: [] }) })).toEqual({ kind: 'skip', reason: 'actions_not_stored' });
    const later = new Date('2027-02-01T00:00:00Z');
    expect(scoreForecast({ ...base, now: later, stored: stored() })).toEqual({ kind: 'skip', reason: 'congress_ended' });
    const back = scoreForecast({ ...base, now: later, stored: stored(), retrospective: true });
    expect(back.kind === 'publish' && back.forecast.retrospective && back.forecast.scored_events.length === 0).toBe(true);
  });

  it("waits for a new bill's sponsor and cosponsors: a forecast without them would be followed by a jump that is only the fetch", () => {
    for (const pendingInputs of [['sponsor'], ['cosponsors'], ['sponsor', 'cosponsors']] as const)
      expect(scoreForecast({ ...base, stored: stored({}, { pendingInputs }) })).toEqual({ kind: 'skip', reason: 'inputs_not_stored' });
    expect(scoreForecast({ ...base, stored: stored({}, { pendingInputs: [] }) }).kind).toBe('publish');
  });

  it('gives a simple resolution no odds of becoming law and does not score that event', () => {
    const res = scoreForecast({ ...base, stored: stored({ type: 'hres', id: '119-hres-12', number: 12 }) });
    if (res.kind !== 'publish') throw new Error('expected a forecast');
    expect(res.forecast.p_enacted).toBe(0);
    expect(res.forecast.scored_events).not.toContain('enacted');
  });
});
