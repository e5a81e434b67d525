/**
 * The dashboard reads a followed member's card from their recent-votes item
 * (docs/data-model.md M7a): one small key per member in its BatchGet instead
 * of the member record and that item. The member writers keep the card
 * current, a trim of the votes keeps it, and migration 0009 puts it on items
 * stored before; until then the answer is the same, one request dearer.
 * Bills are read with only the fields the dashboard shows.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { memberCard } from '#shared/domain/members/member.schema.ts';
import type { User } from '#shared/domain/users/user.schema.ts';
import { getBill } from '#shared/adapters/db/bills.repository.ts';
import { memberKeys } from '#shared/adapters/db/keys/member.keys.ts';
import { billSummary } from '#shared/domain/personal/summaries.ts';
import { memberActivityFromItem, noteRecentVotes } from '#shared/adapters/db/member-recent-votes.repository.ts';
import { getMember, putMember, saveMemberEnrichment } from '#shared/adapters/db/members.repository.ts';
import { memberDashboardCards } from '#shared/use-cases/migrations/0009-member-dashboard-cards.ts';
import { dashboardFor } from '#shared/use-cases/personal/dashboard.ts';
import { follow } from '#shared/use-cases/personal/follows.ts';
import { dynamo } from '#shared/platform/aws-clients.ts';
import { countCommands } from '../../../../../bench/support/bench-stack.ts';
import { makeMember, seedBill, seedMember, seedRollCall } from '#test/support/personal-seed.ts';
import { useIntegrationStack } from '#test/support/stack.ts';
import * as table from '#shared/adapters/db/table-client.ts';

useIntegrationStack();

const NOW = new Date('2026-11-24T12:00:00Z');
const user: User = {
  id: 'u-cards',
  email: 'cards@example.org',
  hashed_password: 'x',
  is_admin: false,
  created_at: '2026-01-01T00:00:00Z',
  notification_prefs: null,
};
let requests: ReturnType<typeof countCommands>;
const total = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);

/** The sort keys of every key the BatchGets ask for, by call. */
const batchKeys: string[][] = [];

const readItem = async (id: string) => (await table.getItem({ Key: memberKeys.recentVotes(id) })).Item;
const members = async () => (await dashboardFor(user, NOW)).followed_members ?? [];

beforeAll(async () => {
  requests = countCommands(dynamo());
  dynamo().middlewareStack.add(
    (next, context) => async (args) => {
      if (context.commandName?.startsWith('BatchGet')) {
        // Marshalled by the time this step sees it: { sk: { S: '…' } }.
        const input = args.input as { RequestItems: Record<string, { Keys: { sk: string | { S: string } }[] }> };
        batchKeys.push(Object.values(input.RequestItems).flatMap((r) => r.Keys.map((k) => (typeof k.sk === 'string' ? k.sk : k.sk.S))));
      }
      return next(args);
    },
    { step: 'initialize', name: 'testBatchKeys' },
  );
  await seedBill(119, 'hr', 1, { latest_action_date: '2026-11-01' });
  await seedMember('A000001', 'Adams, Ann', { party: 'D', state: 'CA' });
  await seedMember('B000002', 'Baker, Bo', { party: 'R', state: 'TX' });
  for (let roll = 1; roll <= 4; roll++) {
    await seedRollCall({ billId: '119-hr-1', roll, date: `2026-10-0${roll}`, question: 'On Passage', positions: { A000001: 'Yea' } });
  }
  for (const id of ['A000001', 'B000002']) await follow(user, { target_type: 'member', target_id: id });
  await follow(user, { target_type: 'bill', target_id: '119-hr-1' });
});

describe('member cards on the dashboard', () => {
  it('asks for one item per followed member and none of their records', async () => {
    batchKeys.length = 0;
    requests.take();
    const shown = await members();
    expect(total(requests.take())).toBeLessThanOrEqual(3);
    const keys = batchKeys.flat();
    expect(keys.filter((sk) => sk === memberKeys.recentVotes('A000001').sk)).toHaveLength(2);
    expect(keys.filter((sk) => sk === memberKeys.profile('A000001').sk)).toHaveLength(0);
    expect(shown.map((m) => m.member.id).sort()).toEqual(['A000001', 'B000002']);
  });

  it('shows the card the member record has, with their latest positions, and a member with no vote yet', async () => {
    const shown = await members();
    for (const id of ['A000001', 'B000002']) {
      const record = await getMember(id);
      expect(shown.find((m) => m.member.id === id)?.member).toEqual(memberCard(record!));
    }
    expect(shown.find((m) => m.member.id === 'A000001')?.recent_votes.map((v) => v.vote_id)).toEqual(['house-119-1-4', 'house-119-1-3', 'house-119-1-2']);
    expect(shown.find((m) => m.member.id === 'B000002')?.recent_votes).toEqual([]);
  });

  it('reads only the summary fields of a bill, the same summary its record gives', async () => {
    const mine = await dashboardFor(user, NOW);
    const record = await getBill('119-hr-1');
    const { follow_mode: _mode, ...followed } = mine.followed_bills?.[0] ?? { follow_mode: null };
    expect(followed).toEqual(billSummary(record!));
    const { score: _score, ...popular } = mine.most_popular.items.find((i) => i.id === '119-hr-1') ?? { score: null };
    expect(popular).toEqual(billSummary(record!));
  });

  it('writes nothing when a member is saved again unchanged', async () => {
    const before = await readItem('B000002');
    await putMember((await getMember('B000002'))!);
    expect(await readItem('B000002')).toEqual(before);
  });

  it('follows a rename and a new photo', async () => {
    await putMember(makeMember('B000002', 'Baker-Lee, Bo', { party: 'R', state: 'TX' }));
    await saveMemberEnrichment('A000001', {
      birth_year: 1970,
      terms: [],
      leadership_roles: [],
      sponsored_count: 1,
      cosponsored_count: 2,
      enriched_at: '2026-11-20T00:00:00Z',
      photo_url: 'https://example.org/adams.jpg',
    });
    const shown = await members();
    expect(shown.find((m) => m.member.id === 'B000002')?.member.name).toBe('Baker-Lee, Bo');
    expect(shown.find((m) => m.member.id === 'A000001')?.member.photo_url).toBe('https://example.org/adams.jpg');
  });

  it('stores a position with only the fields the dashboard shows, and reads one stored whole before', async () => {
    const stored = Object.values(((await readItem('A000001'))?.votes ?? {}) as Record<string, object>);
    expect(stored.length).toBeGreaterThan(0);
    for (const entry of stored) expect(Object.keys(entry).sort()).toEqual(['bill_id', 'date', 'position', 'question', 'result', 'vote_id']);
    const whole = {
      member_id: 'B000002',
      name: 'Baker, Bo',
      party: 'R',
      state: 'TX',
      position: 'Nay',
      vote_id: 'house-119-1-50',
      bill_id: '119-hr-1',
      chamber: 'house',
      date: '2026-10-20',
      question: 'On Passage',
      vote_type: null,
      kind: 'passage',
      result: 'Passed',
    };
    await table.updateItem({
      Key: memberKeys.recentVotes('B000002'),
      UpdateExpression: 'SET votes.#k = :v',
      ExpressionAttributeNames: { '#k': '2026-10-20#house-119-1-50' },
      ExpressionAttributeValues: { ':v': whole },
    });
    const baker = (await members()).find((m) => m.member.id === 'B000002');
    expect(baker?.recent_votes).toEqual([
      { vote_id: 'house-119-1-50', bill_id: '119-hr-1', date: '2026-10-20', question: 'On Passage', position: 'Nay', result: 'Passed' },
    ]);
  });

  it('keeps the card when the positions are trimmed', async () => {
    const base = { name: 'Adams, Ann', party: null, state: null, bill_id: '119-hr-1', chamber: 'house' as const, question: 'On Passage' };
    const votes = Array.from({ length: 20 }, (_, i) => ({
      ...base,
      member_id: 'A000001',
      position: 'Nay' as const,
      vote_id: `house-119-1-${100 + i}`,
      date: `2026-09-${String(i + 1).padStart(2, '0')}`,
      vote_type: null,
      kind: 'passage' as const,
      result: 'Passed',
    }));
    for (const v of votes) await noteRecentVotes([v]);
    const item = await readItem('A000001');
    expect(Object.keys((item?.votes ?? {}) as object).length).toBeLessThanOrEqual(5);
    expect(memberActivityFromItem(item, 3).card).toEqual(memberCard((await getMember('A000001'))!));
  });

  it('gives the same answer for items stored before migration 0009, one request dearer, and three again after it', async () => {
    const before = await members();
    for (const id of ['A000001', 'B000002']) {
      await table.updateItem({ Key: memberKeys.recentVotes(id), UpdateExpression: 'REMOVE card' });
    }
    requests.take();
    expect(await members()).toEqual(before);
    expect(total(requests.take())).toBe(4);

    expect(await memberDashboardCards.up()).toEqual({ members: 2, slimmed: 2 });
    requests.take();
    expect(await members()).toEqual(before);
    expect(total(requests.take())).toBeLessThanOrEqual(3);
    // Slim after it, idempotent, and the positions stay.
    const votes = (await readItem('A000001'))?.votes as Record<string, object>;
    expect(Object.keys(votes)).toHaveLength(3);
    const baker = Object.values(((await readItem('B000002'))?.votes ?? {}) as Record<string, object>);
    for (const entry of [...Object.values(votes), ...baker]) expect(entry).not.toHaveProperty('name');
    await memberDashboardCards.up();
    expect((await readItem('A000001'))?.votes).toEqual(votes);
  });
});
