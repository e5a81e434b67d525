/**
 * Generates the people's-features benchmark dataset on DynamoDB Local: bills
 * (with the same item shapes bills.repository.ts writes, batch-written for speed), members (through putMember, so the name
 * index is the real one), topic counters and a few roll calls.
 */
import { batchWrite, type Item } from '#shared/adapters/db/dynamo.ts';
import { putMember } from '#shared/adapters/db/members.repository.ts';
import { saveRollCall } from '#shared/adapters/db/votes.repository.ts';
import { billKeys } from '#shared/adapters/db/keys/bill.keys.ts';
import { topicKeys } from '#shared/adapters/db/keys/topic.keys.ts';
import type { Bill, BillType } from '#shared/domain/bills/bill.schema.ts';
import { Member } from '#shared/domain/members/member.schema.ts';
import { RollCall } from '#shared/domain/votes/vote.schema.ts';
import { makeBill } from '../test/support/personal-seed.ts';
import * as table from '#shared/adapters/db/table-client.ts';
import { entityItem, entityTag } from '#shared/adapters/db/entities.ts';
import { update } from '#shared/adapters/db/expressions.ts';

const provenance = { source: 'bench', fetched_at: '2026-01-01T00:00:00Z' };
const TYPES: BillType[] = ['hr', 'hr', 'hr', 's', 's', 'hres', 'sres', 'hjres'];
export const TOPICS = Array.from({ length: 40 }, (_, i) => `policy-area-${i}`);
const VOCAB = (
  'health energy water farm rural veterans education housing border trade tax credit small business ' +
  'privacy data broadband transit highway bridge climate forest wildlife ocean fishery mining labor wage ' +
  'pension medicare medicaid drug pricing hospital nurse child care family leave student loan college ' +
  'research science space defense army navy cyber security election voting census postal naming museum'
).split(' ');
const FIRST =
  'James Mary Robert Patricia John Jennifer Michael Linda David Elizabeth William Barbara Richard Susan Joseph Jessica Thomas Sarah Maria Nancy Jodey Anna'.split(
    ' ',
  );
const LAST =
  'Smith Johnson Williams Brown Jones Garcia Miller Davis Rodriguez Martinez Hernandez Lopez Gonzalez Wilson Anderson Thomas Taylor Moore Jackson Martin Lee Perez Thompson White Harris'.split(
    ' ',
  );

/** A deterministic pseudo-random generator, so every run builds the same dataset. */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}
const pick = <T>(r: () => number, list: readonly T[]): T => list[Math.floor(r() * list.length)] as T;

/** The i-th bill of the dataset (stable for a given i). */
export function benchBill(i: number): Bill {
  const r = rng(i + 1);
  const type = TYPES[i % TYPES.length] as BillType;
  const congress = i % 2 === 0 ? 119 : 118;
  const number = Math.floor(i / 2) + 1;
  const words = Array.from({ length: 5 }, () => pick(r, VOCAB));
  const day = String(1 + Math.floor(r() * 28)).padStart(2, '0');
  const month = String(1 + Math.floor(r() * 12)).padStart(2, '0');
  return makeBill(congress, type, number, {
    title: `A bill to support ${words.join(' ')}`,
    introduced_date: `${congress === 119 ? 2025 : 2023}-${month}-${day}`,
    latest_action_date: `${congress === 119 ? 2025 : 2024}-${month}-${day}`,
    congress_gov_url: null,
    topic_tags: [pick(r, TOPICS)],
    provenance,
  });
}

/** The bill item, in the shape the ingestion repositories write. */
function billItems(bill: Bill): Item[] {
  const meta: Item = entityItem('bill', billKeys.meta(bill.id), { ...bill, ...billKeys.byLatestAction.keys(bill) });
  return [meta];
}

/** Writes bills [from, to) and their topic counters; several BatchWrites in flight. */
export async function writeBills(from: number, to: number): Promise<void> {
  const topicCounts = new Map<string, number>();
  const items: Item[] = [];
  for (let i = from; i < to; i++) {
    const bill = benchBill(i);
    items.push(...billItems(bill));
    for (const t of bill.topic_tags) topicCounts.set(t, (topicCounts.get(t) ?? 0) + 1);
  }
  const CHUNK = 25 * 20;
  const chunks: Item[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) chunks.push(items.slice(i, i + CHUNK));
  for (let i = 0; i < chunks.length; i += 8) {
    await Promise.all(chunks.slice(i, i + 8).map((c) => batchWrite(c.map((put) => ({ put })))));
  }
  await Promise.all(
    [...topicCounts].map(([tag, n]) =>
      table.updateItem({
        Key: topicKeys.counter(tag),
        ...update({ set: { ...entityTag('topic'), topic: tag }, add: { bill_count: n } }),
      }),
    ),
  );
}

/** The i-th member: Bioguide-style id and a 'Last, First' name. */
export function benchMember(i: number): Member {
  const r = rng(100_000 + i);
  const last = pick(r, LAST);
  return Member().parse({
    id: `${last[0]}${String(i).padStart(6, '0')}`,
    name: `${last}, ${pick(r, FIRST)}`,
    state: pick(r, ['CA', 'TX', 'NY', 'FL', 'OH', 'PA', 'IL', 'WA']),
    district: i % 50,
    chamber: i < 450 ? 'house' : 'senate',
    party: i % 2 ? 'D' : 'R',
    provenance,
  });
}

/** Writes members through the members repository, ten at a time. */
export async function writeMembers(count: number): Promise<Member[]> {
  const members = Array.from({ length: count }, (_, i) => benchMember(i));
  for (let i = 0; i < members.length; i += 10) await Promise.all(members.slice(i, i + 10).map((m) => putMember(m)));
  return members;
}

/** Two roll calls (a passage vote and a motion to recommit) on each bill, with every member's position. */
export async function writeRollCalls(billIds: string[], members: Member[]): Promise<void> {
  let roll = 1;
  for (const billId of billIds) {
    for (const question of ['On Motion to Recommit', 'On Passage']) {
      const n = roll++;
      const rollCall = RollCall().parse({
        vote_id: `house-119-1-${n}`,
        chamber: 'house',
        congress: 119,
        session: 1,
        roll_number: n,
        date: `2030-01-${String(n).padStart(2, '0')}`,
        question,
        vote_type: null,
        kind: 'other',
        result: 'Passed',
        yea: 0,
        nay: 0,
        present: 0,
        not_voting: 0,
        bill_id: billId,
        source_url: null,
        provenance,
      });
      await saveRollCall(
        rollCall,
        members.map((m, k) => ({ member_id: m.id, name: m.name, party: m.party, state: m.state, position: (k + n) % 3 ? 'Yea' : 'Nay' })),
      );
    }
  }
}
