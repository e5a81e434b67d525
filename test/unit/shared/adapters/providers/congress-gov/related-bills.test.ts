/**
 * Related bills from both sources: GPO's Bill Status XML (<relatedBills>,
 * recorded) and Congress.gov's /relatedbills endpoint (no recording exists:
 * a hand-written page in the documented shape), through the schemas and
 * normalisers; and the relationship tokens the table merges.
 */
import { describe, expect, it } from 'vitest';
import { parseBillStatus } from '#shared/adapters/providers/congress-gov/bill-status.parser.ts';
import * as S from '#shared/adapters/providers/congress-gov/congress-gov.schema.ts';
import { relatedBillsCount, relatedBillsFromProvider } from '#shared/adapters/providers/congress-gov/normalise-congress.ts';
import { relationshipFromToken, relationshipToken, sortRelationships } from '#shared/domain/bills/related-bills.ts';
import { fixture, hasFixtures } from '../../../../../support/ingest-fixtures.ts';

/** A /bill/119/s/5/relatedbills page as Congress.gov documents it (field names, nesting and types). */
const API_PAGE = {
  relatedBills: [
    {
      congress: 119,
      latestAction: { actionDate: '2025-01-07', text: 'Passed/agreed to in House: On passage Passed by the Yeas and Nays: 264 - 156 (Roll no. 6).' },
      number: 29,
      relationshipDetails: [
        { identifiedBy: 'CRS', type: 'Identical bill' },
        { identifiedBy: 'Senate', type: 'Related bill' },
      ],
      title: 'Laken Riley Act',
      type: 'HR',
      url: 'https://api.congress.gov/v3/bill/119/hr/29?format=json',
    },
    {
      congress: 119,
      latestAction: { actionDate: '2025-01-10', text: 'Motion to proceed to consideration of measure agreed to in Senate.' },
      number: 12,
      relationshipDetails: [{ identifiedBy: 'House', type: 'Procedurally-related' }],
      title: 'A resolution providing for consideration of S. 5.',
      type: 'SRES',
      url: 'https://api.congress.gov/v3/bill/119/sres/12?format=json',
    },
    // The same bill listed again with another relationship: merged into one entry.
    { congress: 119, number: 29, type: 'HR', title: 'Laken Riley Act', relationshipDetails: [{ identifiedBy: 'House', type: 'Related document' }] },
    // A measure type this service does not store (an amendment) is left out, not an error.
    { congress: 119, number: 3, type: 'SAMDT', title: null, relationshipDetails: [{ identifiedBy: 'Senate', type: 'Related bill' }] },
  ],
  pagination: { count: 4 },
  request: { billNumber: '5', billType: 's', congress: '119', contentType: 'application/json', format: 'json' },
};

describe('Congress.gov relatedbills', () => {
  it('reads the documented page and merges a bill listed twice', () => {
    const page = S.RelatedBillsPage.parse(API_PAGE);
    const entries = relatedBillsFromProvider(page.relatedBills);
    expect(entries).toEqual([
      {
        bill_id: '119-hr-29',
        congress: 119,
        label: 'H.R. 29',
        title: 'Laken Riley Act',
        relationships: [
          { type: 'Identical bill', identified_by: 'CRS' },
          { type: 'Related bill', identified_by: 'Senate' },
          { type: 'Related document', identified_by: 'House' },
        ],
      },
      {
        bill_id: '119-sres-12',
        congress: 119,
        label: 'S.Res. 12',
        title: 'A resolution providing for consideration of S. 5.',
        relationships: [{ type: 'Procedurally-related', identified_by: 'House' }],
      },
    ]);
  });

  it('refuses a page without the relatedBills list', () => {
    expect(S.RelatedBillsPage.safeParse({ bills: [] }).success).toBe(false);
    expect(S.RelatedBillsPage.safeParse({ relatedBills: [{ congress: 'x', number: 1, type: 'HR' }] }).success).toBe(false);
  });

  it.skipIf(!hasFixtures)('reads the related-bills count of a recorded bill detail, and 0 when absent', () => {
    const detail = S.BillDetail.parse(JSON.parse(fixture('congress-gov/bill-hr-1-119.json'))).bill;
    expect(relatedBillsCount(detail)).toBe(39);
    expect(relatedBillsCount({ ...detail, relatedBills: undefined })).toBe(0);
  });
});

describe.skipIf(!hasFixtures)('Bill Status XML relatedBills (recordings)', () => {
  it('reads every related bill of H.R. 2471 (117th) with each relationship and who identified it', () => {
    const { related_bills } = parseBillStatus(fixture('govinfo-billstatus/BILLSTATUS-117hr2471.xml'));
    expect(related_bills).toHaveLength(41);
    expect(related_bills[0]).toEqual({
      bill_id: '117-s-1104',
      congress: 117,
      label: 'S. 1104',
      title: 'Haiti Development, Accountability, and Institutional Transparency Initiative Act',
      relationships: [
        { type: 'Related bill', identified_by: 'CRS' },
        { type: 'Related bill', identified_by: 'House' },
      ],
    });
    expect(related_bills).toContainEqual(
      expect.objectContaining({ bill_id: '117-hconres-79', relationships: [{ type: 'Related bill', identified_by: 'House' }] }),
    );
  });

  it('reads H.R. 6658 (117th) and the empty list of the legacy format', () => {
    expect(parseBillStatus(fixture('govinfo-billstatus/BILLSTATUS-117hr6658.xml')).related_bills.map((r) => r.bill_id)).toEqual(['117-hr-8214', '117-hr-8913']);
    expect(parseBillStatus(fixture('govinfo-billstatus/legacy-BILLSTATUS-114hres348.xml')).related_bills).toEqual([]);
  });
});

describe('relationship tokens', () => {
  it('round-trip, and sort identical bills first, each once', () => {
    const r = { type: 'Procedurally-related', identified_by: 'House' };
    expect(relationshipFromToken(relationshipToken(r))).toEqual(r);
    expect(relationshipFromToken('no separator')).toBeNull();
    expect(
      sortRelationships([
        { type: 'Related bill', identified_by: 'CRS' },
        { type: 'Identical bill', identified_by: 'House' },
        { type: 'Related bill', identified_by: 'CRS' },
      ]),
    ).toEqual([
      { type: 'Identical bill', identified_by: 'House' },
      { type: 'Related bill', identified_by: 'CRS' },
    ]);
  });
});
