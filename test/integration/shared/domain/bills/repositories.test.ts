/**
 * The ingestion repositories other domains build on, on DynamoDB Local:
 * bill creation and counters, the action triple, briefed bills and topic
 * counts, bill search by number, the retirement of the title-word items
 * (migration 0015), the bill status backfill (migration 0006), member search in both
 * name forms from the cards on name items.
 */
import { describe, expect, it } from 'vitest';
import { billKeys } from '#shared/adapters/db/keys/bill.keys.ts';
import { memberKeys } from '#shared/adapters/db/keys/member.keys.ts';
import { wordKeys } from '#shared/adapters/db/keys/word.keys.ts';
import { insertActions, listActions } from '#shared/adapters/db/actions.repository.ts';
import { createBill, getBill, getBills, listBillsByLatestAction, markBillBriefed, refreshBill, setBillCategory } from '#shared/adapters/db/bills.repository.ts';
import { getMember, putMember, saveMemberEnrichment, searchMembers } from '#shared/adapters/db/members.repository.ts';
import { memberNameCards } from '#shared/use-cases/migrations/0003-member-name-cards.ts';
import { billStatus } from '#shared/use-cases/migrations/0006-bill-status.ts';
import { statusCodes } from '#shared/use-cases/migrations/0012-status-codes.ts';
import { listBills } from '#shared/adapters/db/bill-listing.repository.ts';
import { billsByNumber } from '#shared/adapters/db/bills-by-number.repository.ts';
import { retireTitleWords } from '#shared/use-cases/migrations/0016-retire-title-words.ts';
import { listTopicsWithCounts } from '#shared/adapters/db/search-index.repository.ts';
import { getStats, incrementStats } from '#shared/adapters/db/stats.repository.ts';
import type { BillAction } from '#shared/domain/bills/action.schema.ts';
import { billFromListItem, memberFromListItem } from '#shared/adapters/providers/congress-gov/normalise-congress.ts';
import { useIntegrationStack } from '#test/support/stack.ts';
import { takeAll } from '../../../../support/drain.ts';
import * as table from '#shared/adapters/db/table-client.ts';
import { entityItem } from '#shared/adapters/db/entities.ts';

useIntegrationStack();

const getItem = async (key: { pk: string; sk: string }) => (await table.getItem({ Key: key })).Item;
const putItem = (item: Record<string, unknown>) => table.putItem({ Item: item });

const at = '2025-03-01T00:00:00.000Z';
const bill = (number: number, title: string, date: string) =>
  billFromListItem(
    { congress: 119, number, type: 'HR', title, updateDate: date, latestAction: { actionDate: date, text: 'Referred to the Committee on Ways and Means.' } },
    at,
  );

describe('bills repository', () => {
  it('creates a bill once, counting it and its missing sponsor once', async () => {
    const b = bill(3076, 'Postal Service Reform Act of 2025', '2025-02-01');
    expect(await createBill(b)).toBe(true);
    expect(await createBill(b)).toBe(false);
    expect(await getStats()).toMatchObject({ total_bills: 1, bills_missing_sponsor: 1, bills_missing_metadata: 1 });
    expect(await getBill('119-hr-3076')).toMatchObject({ label: 'H.R. 3076', sponsor_id: null, introduced_date: null, has_document: false });
  });

  it('reads many bills in the order asked and lists them by latest action, with a since bound', async () => {
    await createBill(bill(10, 'Clean Water Infrastructure Act', '2025-01-10'));
    await createBill(bill(11, 'Rural Broadband Access Act', '2025-02-20'));
    expect((await getBills(['119-hr-11', '119-hr-404', '119-hr-10'])).map((b) => b.id)).toEqual(['119-hr-11', '119-hr-10']);
    expect((await listBillsByLatestAction({ limit: 10 })).items.map((b) => b.id)).toEqual(['119-hr-11', '119-hr-3076', '119-hr-10']);
    expect((await listBillsByLatestAction({ limit: 10, since: '2025-02-01' })).items.map((b) => b.id)).toEqual(['119-hr-11', '119-hr-3076']);
  });

  it('marks a bill briefed with topic tags and keeps topic counts true across repeats and changes', async () => {
    await markBillBriefed('119-hr-3076', { topic_tags: ['government-operations', 'postal-service'] });
    await markBillBriefed('119-hr-3076', { topic_tags: ['government-operations', 'postal-service'] });
    await markBillBriefed('119-hr-10', { topic_tags: ['environment', 'government-operations'] });
    expect(await listTopicsWithCounts()).toEqual([
      { topic: 'government-operations', bill_count: 2 },
      { topic: 'environment', bill_count: 1 },
      { topic: 'postal-service', bill_count: 1 },
    ]);
    await markBillBriefed('119-hr-3076', { topic_tags: ['government-operations'] });
    expect(await listTopicsWithCounts()).toEqual([
      { topic: 'government-operations', bill_count: 2 },
      { topic: 'environment', bill_count: 1 },
    ]);
    expect(await getBill('119-hr-3076')).toMatchObject({ document_status: 'brief', has_document: true, topic_tags: ['government-operations'] });
    await setBillCategory('119-hr-3076', 'substantive');
    expect((await getBill('119-hr-3076'))?.bill_category).toBe('substantive');
  });

  it('finds bills by number in any common form, and nothing for words (the search engine answers those)', async () => {
    const now = new Date('2025-06-01T00:00:00Z');
    for (const q of ['H.R. 3076', 'HR3076', 'hr 3076', 'h.r.3076', '119-hr-3076']) {
      expect(
        (await billsByNumber(q, 5, now)).map((b) => b.id),
        q,
      ).toEqual(['119-hr-3076']);
    }
    expect(await billsByNumber('S. 3076', 5, now)).toEqual([]);
    expect(await billsByNumber('postal reform', 5, now)).toEqual([]);
  });

  it('writes no title-word items, and migration 0016 deletes those an earlier version left', async () => {
    const current = await getBill('119-hr-10');
    if (!current) throw new Error('seeded bill missing');
    await refreshBill('119-hr-10', { ...current, title: 'Lead Pipe Replacement Act', short_title: 'Safe Taps Act' });
    expect(await getItem(wordKeys.word('lead', '119-hr-10'))).toBeUndefined();
    // As the retired writer left them: one item per word of the current titles.
    for (const w of ['lead', 'pipe', 'replacement', 'safe', 'taps']) {
      await table.putItem({ Item: entityItem('word', wordKeys.word(w, '119-hr-10'), { bill_id: '119-hr-10' }) });
    }
    expect(await getItem(wordKeys.word('taps', '119-hr-10'))).toMatchObject({ bill_id: '119-hr-10' });
    const result = await retireTitleWords.up();
    expect(result).toMatchObject({ bills: expect.any(Number) as number });
    for (const w of ['lead', 'pipe', 'replacement', 'safe', 'taps']) expect(await getItem(wordKeys.word(w, '119-hr-10')), w).toBeUndefined();
    // Safe to run again.
    await expect(retireTitleWords.up()).resolves.toMatchObject({ bills: result.bills });
  });

  it('inserts an action triple once; the same text on another date is another action', async () => {
    const action: BillAction = {
      bill_id: '119-hr-10',
      action_date: '2025-01-10',
      action_text: 'Introduced in House',
      category: 'referral',
      action_code: null,
      action_type: null,
      recorded_votes: [],
      provenance: { source: 'test', fetched_at: at },
    };
    expect(await insertActions([action, action, { ...action, action_date: '2025-01-11' }])).toHaveLength(2);
    expect(await insertActions([action])).toEqual([]);
    expect(await listActions('119-hr-10')).toHaveLength(2);
  });

  it('adds counters with ADD so concurrent writers never lose one', async () => {
    await Promise.all(Array.from({ length: 10 }, () => incrementStats({ briefs_full: 1, uncited_briefs: 0 })));
    expect((await getStats()).briefs_full).toBe(10);
  });
});

describe('migration 0006: bill status', () => {
  it('derives the status and timeline of bills stored before statuses from their stored actions, announcing nothing, once', async () => {
    await createBill(bill(2000, 'Legacy Reporting Act', '2025-02-10'));
    // Stored before statuses existed: the record has no status attributes and reads as INTRODUCED with no timeline.
    await table.updateItem({
      Key: billKeys.meta('119-hr-2000'),
      UpdateExpression: 'REMOVE #s, #t',
      ExpressionAttributeNames: { '#s': 'status', '#t': 'status_timeline' },
    });
    expect(await getBill('119-hr-2000')).toMatchObject({ status: 'INTRODUCED', status_timeline: [] });
    const action = (action_date: string, action_text: string): BillAction => ({
      bill_id: '119-hr-2000',
      action_date,
      action_text,
      category: 'procedural',
      action_code: null,
      action_type: null,
      recorded_votes: [],
      provenance: { source: 'test', fetched_at: at },
    });
    await insertActions([
      action('2025-02-10', 'On passage Passed by recorded vote: 220 - 210 (Roll no. 40).'),
      action('2025-02-01', 'Referred to the House Committee on Ways and Means.'),
      action('2025-02-01', 'Introduced in House'),
    ]);
    const first = await billStatus.up();
    expect(first.written).toBeGreaterThanOrEqual(1);
    expect(await getBill('119-hr-2000')).toMatchObject({
      status: 'PASS_OVER:HOUSE',
      status_timeline: [
        { status: 'INTRODUCED', date: '2025-02-01', action_text: 'Introduced in House' },
        { status: 'REFERRED', date: '2025-02-01', action_text: 'Referred to the House Committee on Ways and Means.' },
        { status: 'PASS_OVER:HOUSE', date: '2025-02-10', action_text: 'On passage Passed by recorded vote: 220 - 210 (Roll no. 40).' },
      ],
    });
    expect(await takeAll('notification-dispatch')).toEqual([]);
    expect(await billStatus.up()).toEqual({ bills: first.bills, written: 0 });
  });
});

describe('migration 0012: status codes and the newer status rules', () => {
  it('rewrites the earlier override code in stored statuses and timelines, re-derives the rest, lists by prefix, once', async () => {
    const action = (bill_id: string, action_date: string, action_text: string): BillAction => ({
      bill_id,
      action_date,
      action_text,
      category: 'procedural',
      action_code: null,
      action_type: null,
      recorded_votes: [],
      provenance: { source: 'test', fetched_at: at },
    });
    await createBill(bill(6331, 'Medicare Improvements for Patients and Providers Act of 2008', '2025-02-20'));
    const override =
      'Two-thirds of the Members present having voted in the affirmative the bill is passed, Passed by the Yeas and Nays: (2/3 required): 383 - 41 (Roll no. 491).';
    await insertActions([
      action('119-hr-6331', '2025-02-01', 'Introduced in House'),
      action('119-hr-6331', '2025-02-10', 'Passed Senate without amendment by Unanimous Consent.'),
      action('119-hr-6331', '2025-02-05', 'On passage Passed by the Yeas and Nays: 300 - 100 (Roll no. 60).'),
      action('119-hr-6331', '2025-02-15', 'Vetoed by President.'),
      action('119-hr-6331', '2025-02-20', override),
    ]);
    // Stored by the earlier code, with the override spelled without VETOED:.
    const legacyTimeline = [
      { status: 'INTRODUCED', date: '2025-02-01', action_text: 'Introduced in House' },
      { status: 'PASS_OVER:HOUSE', date: '2025-02-05', action_text: 'On passage Passed by the Yeas and Nays: 300 - 100 (Roll no. 60).' },
      { status: 'PASSED:BILL', date: '2025-02-10', action_text: 'Passed Senate without amendment by Unanimous Consent.' },
      { status: 'PROV_KILL:VETO', date: '2025-02-15', action_text: 'Vetoed by President.' },
      { status: 'OVERRIDE_PASS_OVER:HOUSE', date: '2025-02-20', action_text: override },
    ];
    await table.updateItem({
      Key: billKeys.meta('119-hr-6331'),
      UpdateExpression: 'SET #s = :s, #t = :t',
      ExpressionAttributeNames: { '#s': 'status', '#t': 'status_timeline' },
      ExpressionAttributeValues: { ':s': 'OVERRIDE_PASS_OVER:HOUSE', ':t': legacyTimeline },
    });
    // A bill stored at REFERRED whose latest action implies the House passage (a partial history).
    await createBill(bill(21, 'Born-Alive Abortion Survivors Protection Act', '2025-02-21'));
    await insertActions([
      action('119-hr-21', '2025-02-01', 'Introduced in House'),
      action('119-hr-21', '2025-02-01', 'Referred to the House Committee on Energy and Commerce.'),
      action('119-hr-21', '2025-02-21', 'Received in the Senate.'),
    ]);
    await table.updateItem({
      Key: billKeys.meta('119-hr-21'),
      UpdateExpression: 'SET #s = :s',
      ExpressionAttributeNames: { '#s': 'status' },
      ExpressionAttributeValues: { ':s': 'REFERRED' },
    });

    const first = await statusCodes.up();
    expect(first.written).toBeGreaterThanOrEqual(2);
    const raw = await getItem(billKeys.meta('119-hr-6331'));
    expect(raw?.status).toBe('VETOED:OVERRIDE_PASS_OVER:HOUSE');
    expect((raw?.status_timeline as { status: string }[]).at(-1)?.status).toBe('VETOED:OVERRIDE_PASS_OVER:HOUSE');
    expect((await getBill('119-hr-21'))?.status).toBe('PASS_OVER:HOUSE');
    expect(await takeAll('notification-dispatch')).toEqual([]);
    // The list filters by a prefix of the real code, and by the earlier spelling's (read as the real one).
    for (const status of ['VETOED', 'VETOED:OVERRIDE_PASS_OVER']) expect((await listBills({ status }, 50)).items.map((b) => b.id)).toContain('119-hr-6331');
    const second = await statusCodes.up();
    expect(second).toEqual({ bills: first.bills, written: 0 });
  });
});

describe('members repository', () => {
  it("finds members by 'Last, First', 'First Last' and partial words, accents folded", async () => {
    const item = (bioguideId: string, name: string, state: string) => ({
      bioguideId,
      name,
      state,
      partyName: 'Democratic',
      terms: { item: [{ chamber: 'House of Representatives' }] },
      district: 3,
    });
    await putMember(memberFromListItem(item('V000081', 'Velázquez, Nydia M.', 'New York'), at));
    await putMember(memberFromListItem(item('P000197', 'Pelosi, Nancy', 'California'), at));
    await putMember(memberFromListItem(item('P000608', 'Peters, Scott H.', 'California'), at));
    for (const q of ['Pelosi, Nancy', 'Nancy Pelosi', 'pelosi', 'nan pel'])
      expect(
        (await searchMembers(q, 10)).map((m) => m.id),
        q,
      ).toEqual(['P000197']);
    expect((await searchMembers('Nydia Velazquez', 10)).map((m) => m.id)).toEqual(['V000081']);
    expect((await searchMembers('pe', 10)).map((m) => m.id)).toEqual(['P000197', 'P000608']);
    expect(await searchMembers('Nancy Peters', 10)).toEqual([]);
  });

  it('answers a search from the cards on the name items, kept true through renames and enrichment', async () => {
    expect(await searchMembers('pelosi', 10)).toEqual([
      { id: 'P000197', name: 'Pelosi, Nancy', party: 'D', state: 'CA', district: 3, chamber: 'house', photo_url: null },
    ]);
    const peters = await getMember('P000608');
    if (!peters) throw new Error('seeded member missing');
    await putMember({ ...peters, name: 'Petersen, Scott H.' });
    expect(await searchMembers('peters', 10)).toEqual([expect.objectContaining({ id: 'P000608', name: 'Petersen, Scott H.' })]);
    expect(await searchMembers('scott', 10)).toEqual([expect.objectContaining({ name: 'Petersen, Scott H.' })]);
    expect(await getItem(memberKeys.nameItem('peters', 'P000608'))).toBeUndefined();
    await saveMemberEnrichment('P000197', {
      birth_year: 1940,
      terms: [],
      leadership_roles: [],
      sponsored_count: 1,
      cosponsored_count: 2,
      enriched_at: at,
      photo_url: 'https://example.org/p.jpg',
    });
    expect((await searchMembers('nancy', 10))[0]?.photo_url).toBe('https://example.org/p.jpg');
  });

  it('keeps stored committee chairs when a sync could not read them, and clears them when it read none', async () => {
    const member = await getMember('P000197');
    if (!member) throw new Error('seeded member missing');
    await putMember({ ...member, chaired_committees: ['House Committee on Rules'] });
    await putMember({ ...member, chaired_committees: null });
    expect((await getMember('P000197'))?.chaired_committees).toEqual(['House Committee on Rules']);
    await putMember({ ...member, chaired_committees: [] });
    expect((await getMember('P000197'))?.chaired_committees).toEqual([]);
  });

  it('still finds members whose name items predate cards, and migration 0003 gives them cards', async () => {
    const legacy = entityItem('member_name', memberKeys.nameItem('velazquez', 'V000081'), { member_id: 'V000081' });
    await putItem(legacy);
    expect(await searchMembers('velazquez', 10)).toEqual([expect.objectContaining({ id: 'V000081', name: 'Velázquez, Nydia M.', state: 'NY' })]);
    expect(await memberNameCards.up()).toEqual({ members: 3 });
    expect(await getItem({ pk: legacy.pk, sk: legacy.sk })).toMatchObject({ card: { id: 'V000081', name: 'Velázquez, Nydia M.' } });
  });
});
