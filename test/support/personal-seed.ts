/**
 * Seeds the ingestion and briefs data that people's features read (bills,
 * members, roll calls, briefs, trend scores), through the owners'
 * repositories so the item shapes are the real ones.
 */
import { recordTrendingDay } from '#shared/adapters/db/dashboard-feed.repository.ts';
import { randomUUID } from 'node:crypto';
import { Brief } from '#shared/domain/briefs/brief.schema.ts';
import { createBill, markBillBriefed } from '#shared/adapters/db/bills.repository.ts';
import { putBrief } from '#shared/adapters/db/briefs.repository.ts';
import { putMember } from '#shared/adapters/db/members.repository.ts';
import { saveRollCall } from '#shared/adapters/db/votes.repository.ts';
import { trendKeys } from '#shared/adapters/db/keys/trend.keys.ts';
import { Bill, type BillType } from '#shared/domain/bills/bill.schema.ts';
import { Member } from '#shared/domain/members/member.schema.ts';
import { billLabel } from '#shared/domain/bills/bill-id.ts';
import { RollCall, type VotePositionValue } from '#shared/domain/votes/vote.schema.ts';
import * as table from '#shared/adapters/db/table-client.ts';
import { entityItem } from '#shared/adapters/db/entities.ts';

const provenance = { source: 'test-seed', fetched_at: '2026-01-01T00:00:00Z' };

/** A bill record with sensible defaults. */
export function makeBill(congress: number, type: BillType, number: number, over: Partial<Bill> = {}): Bill {
  return Bill().parse({
    id: `${congress}-${type}-${number}`,
    congress,
    type,
    number,
    label: billLabel(type, number),
    title: `A bill numbered ${number}`,
    chamber: type.startsWith('h') ? 'house' : 'senate',
    introduced_date: '2025-02-01',
    latest_action_date: '2025-03-01',
    latest_action_text: 'Referred to committee',
    congress_gov_url: `https://example.org/bill/${congress}/${type}/${number}`,
    provenance,
    ...over,
  });
}

/** makeBill() from a bill id ("119-hr-1"). */
export function makeBillById(id: string, over: Partial<Bill> = {}): Bill {
  const [congress, type, number] = id.split('-');
  return makeBill(Number(congress), type as BillType, Number(number), over);
}

export async function seedBill(congress: number, type: BillType, number: number, over: Partial<Bill> = {}): Promise<Bill> {
  const bill = makeBill(congress, type, number, over);
  await createBill(bill);
  return bill;
}

export function makeMember(id: string, name: string, over: Partial<Member> = {}): Member {
  return Member().parse({ id, name, state: 'CA', district: 12, chamber: 'house', party: 'D', provenance, ...over });
}

export async function seedMember(id: string, name: string, over: Partial<Member> = {}): Promise<Member> {
  const member = makeMember(id, name, over);
  await putMember(member);
  return member;
}

/** Stores one roll call on a bill with the given members' positions. */
export async function seedRollCall(input: {
  billId: string;
  roll: number;
  date: string;
  question: string;
  positions: Record<string, VotePositionValue>;
  chamber?: 'house' | 'senate';
}): Promise<RollCall> {
  const chamber = input.chamber ?? 'house';
  const rollCall = RollCall().parse({
    vote_id: `${chamber}-119-1-${input.roll}`,
    chamber,
    congress: 119,
    session: 1,
    roll_number: input.roll,
    date: input.date,
    question: input.question,
    vote_type: null,
    kind: 'other',
    result: 'Passed',
    yea: 0,
    nay: 0,
    present: 0,
    not_voting: 0,
    bill_id: input.billId,
    source_url: null,
    provenance,
  });
  await saveRollCall(
    rollCall,
    Object.entries(input.positions).map(([member_id, position]) => ({ member_id, name: member_id, party: null, state: null, position })),
  );
  return rollCall;
}

/** Stores a brief for a bill (tagging the bill's topics) and returns its share token. */
export async function seedBrief(billId: string, topicTags: string[] = []): Promise<Brief> {
  const brief = Brief().parse({
    bill_id: billId,
    version: 1,
    type: 'full',
    text_version_code: 'ih',
    previous_text_version_code: null,
    summary: 'What the bill does.',
    points: [{ id: 'p1', text: 'It does a thing.', label: 'cited_fact', citation: { section: 'Sec. 2', quote: 'does a thing' } }],
    topic_tags: topicTags,
    uncited: false,
    share_token: randomUUID(),
    provider: 'offline',
    model: 'extractive',
    prompt_version: 'v1',
    method: 'extractive',
    input_tokens: 0,
    output_tokens: 0,
    cost_usd: 0,
    created_at: '2026-01-02T00:00:00Z',
  });
  const { brief: stored } = await putBrief(brief);
  await markBillBriefed(billId, { topic_tags: topicTags });
  return stored;
}

/**
 * Writes a daily trend score in the shape docs/data-model.md B14 fixes
 * (BILL#{id} / TREND#{date}, gsi1 TRENDING#{date} / {score}#{bill_id}) with
 * only a score; the scoring job's writer (trends.repository.ts) adds the breakdown.
 */
export async function seedTrendScore(billId: string, date: string, score: number): Promise<void> {
  await table.putItem({
    Item: entityItem('bill_trend', trendKeys.day('bill', billId, date), { bill_id: billId, date, score, ...trendKeys.trending.keys(date, score, billId) }),
  });
  await recordTrendingDay(date, [{ bill_id: billId, score }]);
}
