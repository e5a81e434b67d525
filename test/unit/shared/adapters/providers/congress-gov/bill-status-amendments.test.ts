import { describe, expect, it } from 'vitest';
import { parseBillStatus } from '#shared/adapters/providers/congress-gov/bill-status.parser.ts';
import { parseBillStatusAmendments } from '#shared/adapters/providers/congress-gov/bill-status-amendments.parser.ts';
import { amendmentVoteRefs } from '#shared/domain/amendments/amendment-votes.ts';
import { fixture, hasFixtures } from '../../../../../support/ingest-fixtures.ts';

const amendmentsOf = (name: string) => parseBillStatus(fixture(`amendments/${name}`), '2026-12-07T00:00:00Z').amendments;

describe.skipIf(!hasFixtures)('Bill Status <amendments>', () => {
  it('reads the three House amendments of H.R. 4182 (115th) with their status, sequence and roll calls', () => {
    const list = amendmentsOf('legacy-BILLSTATUS-115hr4182.xml');
    expect(list.map((a) => [a.id, a.status, a.status_date, a.sponsor?.name, a.sponsor_id !== null, a.house_sequence, a.amended_bill_id])).toEqual([
      ['115-hamdt-491', 'failed', '2017-11-30', 'Connolly, Gerald', true, 3, '115-hr-4182'],
      ['115-hamdt-490', 'agreed_to', '2017-11-30', 'Gianforte, Greg', true, 2, '115-hr-4182'],
      ['115-hamdt-489', 'failed', '2017-11-30', 'Hastings, Alcee', true, 1, '115-hr-4182'],
    ]);
    expect(list.map((a) => amendmentVoteRefs(a).map((r) => `${r.chamber}-${r.congress}-${r.session}-${r.roll_number}`))).toEqual([
      ['house-115-1-647'],
      [],
      ['house-115-1-646'],
    ]);
    expect(list[0]?.purpose).toMatch(/^Amendment sought to strike the provisions of the b/);
    expect(list[0]?.latest_action?.text).toMatch(/^On agreeing to the Connolly amendment \(A003\) Failed by recorded vote: 193 - 223/);
    expect(list.every((a) => a.actions.length === 7 && a.provenance.source === 'govinfo bill status')).toBe(true);
  });

  it('reads the two amendments of H.R. 4606 (115th), both failed on recorded votes', () => {
    const list = amendmentsOf('legacy-BILLSTATUS-115hr4606.xml');
    expect(list.map((a) => [a.id, a.status, a.sponsor?.name, a.house_sequence, amendmentVoteRefs(a).map((r) => r.roll_number)])).toEqual([
      ['115-hamdt-963', 'failed', 'DeGette, Diana', 2, [390]],
      ['115-hamdt-962', 'failed', 'Pallone, Frank', 1, [389]],
    ]);
  });

  it('reads an empty section as none and rejects an amendment without its fields, naming the field', () => {
    expect(parseBillStatusAmendments('  ', 'now')).toEqual([]);
    expect(() => parseBillStatusAmendments('<amendment><number>1</number></amendment>', 'now')).toThrow(/bill status amendment 0: field congress/);
  });
});
