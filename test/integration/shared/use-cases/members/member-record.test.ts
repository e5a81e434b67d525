/**
 * Member report cards against the real roll calls (issue 33.3): three bills
 * of the 114th Congress and their six shipped roll calls (three House Clerk
 * files, three Senate LIS files) go through the pipeline's vote fetch, the
 * bundled members name the senators, and compute_member_records computes the
 * cards the votes made stale. For every member the files list, the figures
 * GET /api/members/{id}/record answers are checked against figures this test
 * computes from the XML itself (not from the service's code): roll calls
 * listing the member, Not Voting counts (and which roll calls), votes cast,
 * and votes with the majority of the member's party on the roll calls where
 * they voted yea or nay.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import { handler as membersApi } from '#functions/api/members.ts';
import { handler as ingestTasks } from '#functions/workers/ingest-tasks.ts';
import { importBillStatus } from '#shared/use-cases/bills/import-bill-status.ts';
import { parseBillStatus } from '#shared/adapters/providers/congress-gov/bill-status.parser.ts';
import type { MemberRecordView } from '#shared/domain/members/report-card.schema.ts';
import { call } from '#test/support/api.ts';
import { useIntegrationStack } from '#test/support/stack.ts';
import { useDemoReplayStandIn } from '#test/support/demo-replay-stand-in.ts';
import { drain } from '#test/support/drain.ts';
import { sendMessages } from '#shared/adapters/messaging/send.ts';
import { DEMO_BILLSTATUS_DIR } from '#local/demo/demo-bills.ts';
import { DEMO_ROLLCALLS_DIR } from '#local/demo/demo-roll-calls.ts';
import { LEGISLATORS_DATA_DIR, loadOfflineMembers } from '#local/demo/offline-members.ts';
import { loadOfflineCommittees } from '#local/demo/offline-schedule.ts';

useIntegrationStack();
useDemoReplayStandIn(() => []);

const BILLS = ['legacy-BILLSTATUS-114hr1155.xml', 'legacy-BILLSTATUS-114hr1314.xml', 'legacy-BILLSTATUS-114s2848.xml'];
const FILES = ['roll-2015-579.xml', 'roll-2016-019.xml', 'roll-2016-020.xml', 'vote_114_1_00294.xml', 'vote_114_2_00140.xml', 'vote_114_2_00141.xml'];

// --- the figures, from the XML (fast-xml-parser read here, not the service's parsers) ---------------------------

interface Row {
  member: string;
  party: string;
  vote: 'yea' | 'nay' | 'present' | 'not voting';
}
const WORDS: Record<string, Row['vote']> = { yea: 'yea', aye: 'yea', nay: 'nay', no: 'nay', present: 'present', 'not voting': 'not voting' };
const xml = new XMLParser({ ignoreAttributes: false, isArray: (name) => name === 'recorded-vote' || name === 'member' });
const lisToBioguide = new Map(
  (JSON.parse(readFileSync(path.join(LEGISLATORS_DATA_DIR, 'legislators-current.json'), 'utf8')) as { id: { bioguide: string; lis?: string } }[]).flatMap(
    (l) => (l.id.lis ? [[l.id.lis, l.id.bioguide] as const] : []),
  ),
);

function rowsOf(file: string): { chamber: 'house' | 'senate'; voteId: string; rows: Row[] } {
  const doc = xml.parse(readFileSync(path.join(DEMO_ROLLCALLS_DIR, file), 'utf8')) as Record<string, Record<string, unknown>>;
  const word = (w: string) =>
    WORDS[w.trim().toLowerCase()] ??
    (() => {
      throw new Error(`unknown vote ${w} in ${file}`);
    })();
  if (file.startsWith('roll-')) {
    const meta = doc['rollcall-vote']?.['vote-metadata'] as Record<string, string>;
    const data = doc['rollcall-vote']?.['vote-data'] as { 'recorded-vote': { legislator: Record<string, string>; vote: string }[] };
    const session = String(meta.session).startsWith('1') ? 1 : 2;
    return {
      chamber: 'house',
      voteId: `house-${meta.congress}-${session}-${Number(meta['rollcall-num'])}`,
      rows: data['recorded-vote'].map((r) => ({ member: r.legislator['@_name-id'] as string, party: r.legislator['@_party'] as string, vote: word(r.vote) })),
    };
  }
  const v = doc.roll_call_vote as { congress: number; session: number; vote_number: number; members: { member: Record<string, string>[] } };
  return {
    chamber: 'senate',
    voteId: `senate-${v.congress}-${v.session}-${Number(v.vote_number)}`,
    rows: v.members.member.flatMap((m) => {
      const id = lisToBioguide.get(m.lis_member_id as string);
      return id ? [{ member: id, party: m.party as string, vote: word(String(m.vote_cast)) }] : [];
    }),
  };
}

interface Expected {
  roll_calls: number;
  missed: string[];
  party_votes: number;
  with_party: number;
}
/** Per chamber and member: the roll calls listing them, the ones they missed, and their yea-or-nay votes against their party's majority. */
function expectedFigures(): Map<string, Expected> {
  const out = new Map<string, Expected>();
  for (const file of FILES) {
    const { chamber, voteId, rows } = rowsOf(file);
    const majority = new Map<string, 'yea' | 'nay' | null>();
    for (const party of ['D', 'R']) {
      const yea = rows.filter((r) => r.party === party && r.vote === 'yea').length;
      const nay = rows.filter((r) => r.party === party && r.vote === 'nay').length;
      majority.set(party, yea > nay ? 'yea' : nay > yea ? 'nay' : null);
    }
    for (const r of rows) {
      const key = `${chamber}:${r.member}`;
      const e = out.get(key) ?? { roll_calls: 0, missed: [], party_votes: 0, with_party: 0 };
      e.roll_calls++;
      if (r.vote === 'not voting') e.missed.push(voteId);
      const m = majority.get(r.party);
      if ((r.vote === 'yea' || r.vote === 'nay') && m) {
        e.party_votes++;
        if (r.vote === m) e.with_party++;
      }
      out.set(key, e);
    }
  }
  return out;
}

// --- the stack ----------------------------------------------------------------------------------------------------

beforeAll(async () => {
  const now = new Date('2026-06-20T00:00:00Z');
  await loadOfflineMembers(now);
  // The committee seats the card lists come from the stored committees (what sync_committees writes).
  await loadOfflineCommittees(now);
  for (const file of BILLS) await importBillStatus(parseBillStatus(readFileSync(path.join(DEMO_BILLSTATUS_DIR, file), 'utf8')), { now, fetchLinked: false });
  await sendMessages(
    'ingest-tasks',
    ['114-hr-1155', '114-hr-1314', '114-s-2848'].map((bill_id) => ({ v: 1 as const, type: 'fetch_bill_votes' as const, bill_id })),
  );
  // The vote fetches store the roll calls and queue compute_member_records (delayed two minutes): run it now as the job would.
  const { failures } = await drain({ 'ingest-tasks': ingestTasks });
  expect(failures).toEqual([]);
  await sendMessages('ingest-tasks', [{ v: 1, type: 'compute_member_records' }]);
  expect((await drain({ 'ingest-tasks': ingestTasks })).failures).toEqual([]);
}, 900_000);

const record = async (id: string) => {
  const res = await call(membersApi, 'GET', `/api/members/${id}/record`);
  expect(res.status, id).toBe(200);
  return res.body as MemberRecordView;
};

describe('report cards from the real roll calls', () => {
  it('gives every member the files list the XML figures: roll calls, missed (Not Voting) by roll call, cast and votes with the party', async () => {
    const expected = expectedFigures();
    expect([...expected.keys()].filter((k) => k.startsWith('house:')).length).toBeGreaterThan(430);
    expect([...expected.keys()].filter((k) => k.startsWith('senate:')).length).toBeGreaterThanOrEqual(30);
    let missedSeen = 0;
    for (const [key, e] of expected) {
      const [chamber, id] = key.split(':') as ['house' | 'senate', string];
      const card = (await record(id)).congresses.find((c) => c.congress === 114);
      const votes = card?.votes.find((v) => v.chamber === chamber);
      expect(votes, key).toBeDefined();
      expect(
        {
          roll_calls: votes?.roll_calls,
          missed: votes?.missed,
          cast: votes?.cast,
          party_votes: votes?.party_votes,
          with_party: votes?.with_party,
          missed_ids: votes?.missed_votes.map((v) => v.vote_id).sort(),
        },
        key,
      ).toEqual({
        roll_calls: e.roll_calls,
        missed: e.missed.length,
        cast: e.roll_calls - e.missed.length,
        party_votes: e.party_votes,
        with_party: e.with_party,
        missed_ids: [...e.missed].sort(),
      });
      missedSeen += e.missed.length;
    }
    // The files hold real absences: the check is not one of zeros.
    expect(missedSeen).toBeGreaterThan(20);
  }, 600_000);

  it('says what each figure rests on and links the roll calls and bills behind it', async () => {
    // Rep. Jim McGovern (D-MA) was listed on all three House roll calls of the 114th held here.
    const card = (await record('M000312')).congresses.find((c) => c.congress === 114);
    const house = card?.votes.find((v) => v.chamber === 'house');
    expect(house?.roll_calls).toBe(3);
    expect(house?.missed_share).toBe((house?.missed ?? 0) / 3);
    for (const v of [...(house?.missed_votes ?? []), ...(house?.against_party_votes ?? [])]) expect(['114-hr-1155', '114-hr-1314']).toContain(v.bill_id);
    const body = await record('M000312');
    expect(body.votes_url).toBe('/api/members/M000312/votes');
    // His seats as the bundled committee-membership file lists them: Rules, where he is the ranking member.
    expect(body.committees.assignments).toContainEqual(
      expect.objectContaining({ committee_id: 'HSRU', parent_id: null, side: 'minority', title: 'Ranking Member' }),
    );
  });

  it('counts the bills a member sponsored and how far each went, for a member in office and one who has left', async () => {
    // Rep. Jason Smith (still serving) sponsored H.R. 1155, which passed the House; Rep. Pat Meehan (left in 2018) H.R. 1314, which became law.
    const smith = (await record('S001195')).congresses.find((c) => c.congress === 114);
    expect(smith?.sponsored).toMatchObject({ bills: 1, items: [{ bill_id: '114-hr-1155', reach: 'passed_one_chamber', status: 'PASS_OVER:HOUSE' }] });
    const meehan = (await record('M001181')).congresses.find((c) => c.congress === 114);
    expect(meehan?.sponsored.items.map((b) => [b.bill_id, b.reach])).toEqual([['114-hr-1314', 'law']]);
    expect(meehan?.sponsored.by_reach.law).toBe(1);
  });

  it('answers 404 for a member the service knows nothing of', async () => {
    expect((await call(membersApi, 'GET', '/api/members/Z999999/record')).status).toBe(404);
  });
});
