import { describe, expect, it } from 'vitest';
import { amendmentFromCongressGov, parseCongressGovAmendment } from '#shared/adapters/providers/congress-gov/amendment.parser.ts';
import { AmendmentActionsPage, AmendmentDetail, AmendmentTextPage } from '#shared/adapters/providers/congress-gov/amendment.schema.ts';
import { ProviderError } from '#shared/adapters/providers/transport/provider-error.ts';
import { fixture, hasFixtures } from '../../../../../support/ingest-fixtures.ts';

const item = (name: string) => parseCongressGovAmendment(fixture(`amendments/${name}.json`), '2026-12-07T00:00:00Z');

describe.skipIf(!hasFixtures)('Congress.gov amendment items', () => {
  it('reads a House amendment: sponsor, description, the bill, the floor sequence, status from the latest action', () => {
    const a = item('amendment-117-hamdt-173');
    expect(a).toMatchObject({
      id: '117-hamdt-173',
      label: 'H.Amdt. 173',
      chamber: 'house',
      sponsor_id: 'M000087',
      purpose: null,
      amended_bill_id: '117-hr-3076',
      amended_amendment_id: null,
      house_sequence: 2,
      status: 'agreed_to',
      status_date: '2022-02-08',
      latest_action: { date: '2022-02-08', text: 'On agreeing to the Maloney, Carolyn B. amendment (A002) Agreed to by voice vote.' },
    });
    expect(a.description).toMatch(/^An amendment numbered 1 printed in House Report 117-243/);
  });

  it('reads a Senate substitute with its actions (every page) and its text versions', () => {
    const detail = AmendmentDetail.parse(JSON.parse(fixture('amendments/amendment-117-samdt-2137-2023.json'))).amendment;
    const actions = AmendmentActionsPage.parse(JSON.parse(fixture('amendments/amendment-117-samdt-2137-actions-2023.json'))).actions;
    const texts = AmendmentTextPage.parse(JSON.parse(fixture('amendments/amendment-117-samdt-2137-text-2023.json'))).textVersions;
    const a = amendmentFromCongressGov(detail, { actions, texts }, '2026-12-07T00:00:00Z');
    expect(a).toMatchObject({ id: '117-samdt-2137', chamber: 'senate', sponsor_id: 'S001191', purpose: 'In the nature of a substitute.' });
    expect(a.amended_bill_id).toBe('117-hr-3684');
    expect(a.status).toBe('agreed_to');
    expect(a.status_date).toBe('2021-08-08');
    expect(a.actions.length).toBeGreaterThan(10);
    expect(a.actions.length).toBeLessThanOrEqual(18);
    expect(a.actions[0]?.text).toMatch(/^Amendment SA 2137 agreed to in Senate by Yea-Nay Vote\. 69 - 28/);
    expect(a.actions[0]?.recorded_votes.map((v) => v.roll_number)).toEqual([312]);
    expect(a.text_versions).toEqual([
      {
        type: 'Submitted',
        date: '2021-08-01',
        formats: [
          { type: 'HTML', url: 'https://www.congress.gov/117/crec/2021/08/01/167/136/modified/CREC-2021-08-01-pt1-PgS5255.htm' },
          { type: 'PDF', url: 'https://www.congress.gov/117/crec/2021/08/01/167/136/CREC-2021-08-01-pt1-PgS5255.pdf' },
        ],
      },
    ]);
  });

  it('reads a second-degree amendment: the amendment it amends and the bill beneath', () => {
    const a = item('amendment-117-samdt-2564-amends-amendment');
    expect(a).toMatchObject({
      id: '117-samdt-2564',
      sponsor_id: 'C000174',
      amended_amendment_id: '117-samdt-2137',
      amended_bill_id: '117-hr-3684',
      status: 'agreed_to',
    });
  });

  it('reads an amendment to a treaty, withdrawn', () => {
    const a = item('amendment-116-samdt-946-treaty-withdrawn');
    expect(a).toMatchObject({
      id: '116-samdt-946',
      amended_bill_id: null,
      amended_treaty: { congress: 116, number: 1 },
      status: 'withdrawn',
      status_date: '2019-10-22',
    });
  });

  it('reads a 1981 Senate unprinted amendment', () => {
    const a = item('amendment-97-suamdt-3');
    expect(a).toMatchObject({
      id: '97-suamdt-3',
      label: 'S.Up.Amdt. 3',
      chamber: 'senate',
      sponsor_id: 'J000101',
      amended_bill_id: '97-hr-1553',
      status: 'submitted',
    });
  });

  it('rejects a payload that is not an amendment detail, naming the field', () => {
    expect(() => parseCongressGovAmendment('{"x":1}')).toThrow(ProviderError);
    expect(() => parseCongressGovAmendment('{"x":1}')).toThrow(/field amendment/);
    expect(() => parseCongressGovAmendment('{"amendment":{"congress":117,"number":1,"type":"XAMDT"}}')).toThrow(/unknown amendment type "XAMDT"/);
    expect(() => parseCongressGovAmendment('not json')).toThrow(ProviderError);
  });
});
