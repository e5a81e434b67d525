import { describe, expect, it } from 'vitest';
import { parseBillStatus, summaryText } from '#shared/adapters/providers/congress-gov/bill-status.parser.ts';
import { attachBillLevelVotes, congressDay } from '#shared/adapters/providers/congress-gov/bill-status-votes.ts';
import type { BillAction } from '#shared/domain/bills/action.schema.ts';
import { fixture, hasFixtures } from '../../../../../support/ingest-fixtures.ts';

const votesOf = (name: string) => parseBillStatus(fixture(`govinfo-billstatus/${name}`)).actions.flatMap((a) => a.recorded_votes);

describe.skipIf(!hasFixtures)('Bill Status: the sections beyond bill, actions and cosponsors', () => {
  it('keeps the bill-level recorded votes of the legacy format, each on the action that records it (issue 24.8)', () => {
    const s = parseBillStatus(fixture('govinfo-billstatus/legacy-BILLSTATUS-114hr1314.xml'));
    const withVotes = s.actions.filter((a) => a.recorded_votes.length > 0);
    expect(withVotes.flatMap((a) => a.recorded_votes)).toHaveLength(10);
    // Record Vote Number 294 is the Senate's agreement to the House amendment: that action, not another of the day.
    const rv294 = withVotes.find((a) => a.recorded_votes.some((v) => v.chamber === 'senate' && v.roll_number === 294));
    expect(rv294?.action_text).toMatch(/Record Vote Number: 294/);
    expect(votesOf('legacy-BILLSTATUS-114hres348.xml')).toEqual([
      { chamber: 'house', congress: 114, session: 1, roll_number: 552, date: '2015-10-20T23:15:04Z', url: 'http://clerk.house.gov/evs/2015/roll552.xml' },
    ]);
    // The 115th Congress's files list them at bill level too.
    expect(votesOf('DEV-BILLSTATUS-115hr302.xml').map((v) => v.roll_number)).toEqual(expect.arrayContaining([219, 220]));
    expect(votesOf('legacy-BILLSTATUS-114sconres11.xml')).toHaveLength(14);
  });

  it('does not add a bill-level vote the actions already carry', () => {
    const vote = { chamber: 'house' as const, congress: 114, session: 1, roll_number: 7, date: '2015-01-08T03:10:00Z', url: 'u' };
    const action = (date: string, text: string, votes = [] as (typeof vote)[]): BillAction => ({
      bill_id: '114-hr-1',
      action_date: date,
      action_text: text,
      category: 'vote',
      action_code: null,
      action_type: null,
      recorded_votes: votes,
      provenance: { source: 't', fetched_at: 't' },
    });
    const once = attachBillLevelVotes([action('2015-01-07', 'Passed (Roll no. 7).', [vote])], [vote]);
    expect(once[0]?.recorded_votes).toHaveLength(1);
    // 03:10 UTC on the 8th is the evening of the 7th in Washington; the action naming the roll wins over the day's other action.
    expect(congressDay(vote.date)).toBe('2015-01-07');
    const attached = attachBillLevelVotes(
      [action('2015-01-07', 'Motion to reconsider laid on the table.'), action('2015-01-07', 'On passage Passed (Roll no. 7).')],
      [vote],
    );
    expect(attached.map((a) => a.recorded_votes.length)).toEqual([0, 1]);
    // With no action that day, the latest action before it keeps it.
    expect(attachBillLevelVotes([action('2015-01-02', 'Introduced'), action('2015-01-05', 'Reported')], [vote]).map((a) => a.recorded_votes.length)).toEqual([
      0, 1,
    ]);
  });

  it('reads CRS summaries with their version and date, in both formats', () => {
    const v3 = parseBillStatus(fixture('govinfo-billstatus/BILLSTATUS-117hr2471.xml'));
    expect(v3.summaries.length).toBe(6);
    expect(v3.summaries[0]).toMatchObject({ version_code: '00', action_date: '2021-04-13', action_desc: 'Introduced in House' });
    expect(v3.summaries[0]?.text).toMatch(/^Haiti Development, Accountability, and Institutional Transparency Initiative Act\n\n/);
    expect(v3.summaries.every((s) => !/[<>]/.test(s.text))).toBe(true);
    const legacy = parseBillStatus(fixture('govinfo-billstatus/legacy-BILLSTATUS-114hr1314.xml'));
    expect(legacy.summaries[0]).toMatchObject({
      version_code: '00',
      action_date: '2015-03-04',
      action_desc: 'Introduced in House',
      updated_at: '2015-04-01T19:43:08Z',
    });
  });

  it('reads subjects, policy area, laws, committee reports, short title and the legacy sponsor', () => {
    const law = parseBillStatus(fixture('govinfo-billstatus/legacy-BILLSTATUS-114hr1314.xml'));
    expect(law.laws).toEqual([{ type: 'Public Law', number: '114-74' }]);
    expect(law.committee_reports).toEqual(['H. Rept. 114-67']);
    expect(law.subjects).toContain('Accounting and auditing');
    // The legacy format names the policy area primarySubject; and gives party and state only in fullName.
    expect(law.bill.policy_area).toBe('Economics and Public Finance');
    expect(law.bill.short_title).toBe('Bipartisan Budget Act of 2015');
    const legacySponsor = parseBillStatus(fixture('govinfo-billstatus/legacy-BILLSTATUS-114hr3106.xml')).bill.sponsor;
    expect(legacySponsor).toEqual({ id: 'M001144', name: 'Miller, Jeff', party: 'R', state: 'FL', district: 1 });
    const ndaa = parseBillStatus(fixture('govinfo-billstatus/BILLSTATUS-117hr4350.xml'));
    expect(ndaa.committee_reports).toEqual(['H. Rept. 117-118', 'H. Rept. 117-118,Part 2']);
    expect(ndaa.bill.policy_area).toBe('Armed Forces and National Security');
    expect(ndaa.subjects).toContain('Afghanistan');
    expect(ndaa.laws).toEqual([]);
  });

  it('keeps every other title a bill is known by, once, in both formats: those of the acts an omnibus carries too', () => {
    const omnibus = parseBillStatus(fixture('govinfo-billstatus/BILLSTATUS-117hr2471.xml'));
    expect(omnibus.other_titles).toEqual(
      expect.arrayContaining(['Israel Relations Normalization Act of 2022', 'Violence Against Women Act Reauthorization Act of 2022']),
    );
    const legacy = parseBillStatus(fixture('govinfo-billstatus/legacy-BILLSTATUS-114hr1314.xml'));
    expect(legacy.other_titles).toContain('Trade Act of 2015');
    for (const p of [omnibus, legacy]) {
      const own = [p.bill.title, p.bill.short_title].map((t) => t?.toLowerCase());
      expect(p.other_titles.filter((t) => own.includes(t.toLowerCase()))).toEqual([]);
      expect(new Set(p.other_titles.map((t) => t.toLowerCase())).size).toBe(p.other_titles.length);
    }
  });

  it('turns summary HTML into paragraphs of plain text', () => {
    expect(summaryText('<p><b>Act</b></p> <p>This bill &amp; that.</p><ul><li>one</li><li>two</li></ul>')).toBe('Act\n\nThis bill & that.\n\none\n\ntwo');
  });
});
