// Both Bill Status formats, imported through the bulk path, store what the Congress.gov API path stores for the same data.
// No bill is in both fixture sets (the API fixtures hold 119-hr-1, the actions of 117-hr-21, the cosponsors of
// 117-s-3580 and a list of 20 bills of the 117th; the Bill Status files are 26 other bills of the 114th-117th), so what
// is compared is what overlaps: the senators who cosponsor S. 3580 and also a Bill Status bill (the member fields of
// their cosponsor records), and the actions of H.R. 21 whose text and type a Bill Status bill also has (the action
// fields that do not depend on the bill). Each comparison is field by field, on what the import stored.
import { describe, expect, it } from 'vitest';
import { readStoredBill } from '#shared/adapters/db/bill-import.repository.ts';
import { importBillStatus } from '#shared/use-cases/bills/import-bill-status.ts';
import { parseBillStatus } from '#shared/adapters/providers/congress-gov/bill-status.parser.ts';
import { ActionsPage, CosponsorsPage } from '#shared/adapters/providers/congress-gov/congress-gov.schema.ts';
import { actionFromProvider, cosponsorFromProvider } from '#shared/adapters/providers/congress-gov/normalise-congress.ts';
import { fixture, hasFixtures } from '#test/support/ingest-fixtures.ts';
import { useIntegrationStack } from '#test/support/stack.ts';

useIntegrationStack();

const now = new Date('2026-11-26T12:00:00Z');

// A clone without ../shared/fixtures beside it skips the file (as every fixture-reading test does) instead of failing at import.
const apiCosponsors = hasFixtures
  ? CosponsorsPage.parse(JSON.parse(fixture('congress-gov/bill-s-3580-117-cosponsors-page1.json'))).cosponsors.map((c) =>
      cosponsorFromProvider('117-s-3580', c),
    )
  : [];
const apiActions = hasFixtures
  ? ActionsPage.parse(JSON.parse(fixture('congress-gov/bill-hr-21-117-actions.json'))).actions.map((a) => actionFromProvider('117-hr-21', a, now.toISOString()))
  : [];

/** What a cosponsor record says of the member, not of their cosponsorship of one bill. */
const memberFields = (c: { member_id: string; name: string; party: string | null; state: string | null; district: number | null }) => ({
  member_id: c.member_id,
  name: c.name,
  party: c.party,
  state: c.state,
  district: c.district,
});
/** What an action record says that does not depend on its bill, its date or where it was read. */
const actionFields = (a: { action_text: string; action_type: string | null; category: string }) => ({
  action_text: a.action_text,
  action_type: a.action_type,
  category: a.category,
});

async function imported(file: string) {
  const parsed = parseBillStatus(fixture(`govinfo-billstatus/${file}`), now.toISOString());
  const result = await importBillStatus(parsed, { now, fetchLinked: false });
  expect(result.created).toBe(true);
  return readStoredBill(parsed.bill.id);
}

describe.skipIf(!hasFixtures)('Bill Status import against the Congress.gov API path', () => {
  // v3 (the current format), the 115th's DEV files and the legacy format of the 114th: each shares senators with S. 3580's cosponsors.
  it.each([
    ['v3', 'BILLSTATUS-117s1260.xml', 4],
    ['DEV', 'DEV-BILLSTATUS-115s2269.xml', 3],
    ['legacy', 'legacy-BILLSTATUS-114s469.xml', 1],
  ])('stores the same member fields for the sponsor and cosponsors it shares with S. 3580 (%s format, %s)', async (_format, file, shared) => {
    const stored = await imported(file);
    const sponsor = stored.bill?.sponsor;
    const people = [...stored.cosponsors, ...(sponsor ? [{ ...sponsor, member_id: sponsor.id }] : [])];
    const pairs = people.flatMap((c) => {
      const api = apiCosponsors.find((a) => a.member_id === c.member_id);
      return api ? [{ stored: memberFields(c), api: memberFields(api) }] : [];
    });
    expect(pairs.length).toBe(shared);
    for (const { stored: s, api } of pairs) expect(s, s.member_id).toEqual(api);
  });

  it.each([
    ['v3', 'BILLSTATUS-117hr1.xml', 3],
    ['legacy', 'legacy-BILLSTATUS-114hr1314.xml', 3],
  ])('stores the same text, type and category for the actions it shares with H.R. 21 (%s format, %s)', async (_format, file, shared) => {
    const stored = await imported(file);
    const pairs = apiActions.flatMap((a) => {
      const match = stored.actions.find((s) => s.action_text === a.action_text && s.action_type === a.action_type);
      return match ? [{ stored: actionFields(match), api: actionFields(a) }] : [];
    });
    expect(pairs.length).toBe(shared);
    for (const { stored: s, api } of pairs) expect(s, s.action_text).toEqual(api);
  });
});
