/**
 * The requests of the small aggregate items many writers touch (the
 * dashboard feed, a member's recent votes, through shared/adapters/db/versioned-item.ts)
 * and of the rate-limit refund, with the document client mocked (no
 * emulator): map-entry paths, version raises and conditions read back
 * through their aliases. Their integration tests run the same requests
 * against DynamoDB Local.
 */
import { GetCommand, PutCommand, UpdateCommand, type UpdateCommandInput } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { noteBillCard, noteLatestAction } from '#shared/adapters/db/dashboard-feed.repository.ts';
import { dashboardKeys } from '#shared/adapters/db/keys/dashboard.keys.ts';
import { memberKeys } from '#shared/adapters/db/keys/member.keys.ts';
import { rateKeys } from '#shared/adapters/db/keys/rate.keys.ts';
import { noteMemberCard, trimRecentVotes } from '#shared/adapters/db/member-recent-votes.repository.ts';
import { refund } from '#shared/adapters/db/rate-limit.repository.ts';
import { tableName } from '#shared/adapters/db/table.ts';
import { rewriteVersioned } from '#shared/adapters/db/versioned-item.ts';
import type { BillCard } from '#shared/domain/personal/bill-card.schema.ts';
import { expressionText } from '#test/support/expression-text.ts';
import { conditionFailed, useMockedDocumentClient } from '#test/support/mocked-document-client.ts';
import { entityTag } from '#shared/adapters/db/entities.ts';

const { db } = useMockedDocumentClient((db) => {
  db.on(UpdateCommand).resolves({});
  db.on(PutCommand).resolves({});
  db.on(GetCommand).resolves({});
});

/** Every UpdateItem sent, in order. */
const updates = (): UpdateCommandInput[] =>
  db.commandCalls(UpdateCommand).map((c) => {
    expect(c.args[0].input.TableName).toBe(tableName());
    return c.args[0].input;
  });

describe('dashboard feed', () => {
  it('notes a latest action in the recent map above the floor, creating the map first when it is missing', async () => {
    // Every conditional write fails: the map is missing, and after it is made the bill is below the floor.
    db.on(UpdateCommand).callsFake((input: UpdateCommandInput) => {
      if (input.ConditionExpression) throw conditionFailed();
      return {};
    });
    await noteLatestAction('119-hr-1', '2026-01-02');
    const [first, create, retry] = updates();
    expect(updates()).toHaveLength(3);
    for (const u of [first!, create!, retry!]) expect(u.Key).toEqual(dashboardKeys.feed);
    for (const u of [first!, retry!]) {
      expect(expressionText(u.UpdateExpression, u)).toBe('SET recent.119-hr-1 = "2026-01-02" ADD version 1');
      expect(expressionText(u.ConditionExpression, u)).toBe(
        '(attribute_exists(recent) AND (attribute_not_exists(recent_floor) OR recent_floor = null OR recent_floor <= "2026-01-02"))',
      );
    }
    expect(expressionText(create!.UpdateExpression, create!)).toBe(
      'SET entity = "dashboard_feed", recent = if_not_exists(recent, {}), version = if_not_exists(version, 0)',
    );
    expect(create!.ConditionExpression).toBeUndefined();
  });

  it('replaces a bill’s card only where the feed holds an older one', async () => {
    const card = { id: '119-hr-1', v: 4 } as unknown as BillCard;
    await noteBillCard(card);
    const [u] = updates();
    expect(expressionText(u!.UpdateExpression, u!)).toBe('SET cards.119-hr-1 = {"id":"119-hr-1","v":4} ADD version 1');
    expect(expressionText(u!.ConditionExpression, u!)).toBe('(attribute_exists(cards.119-hr-1) AND cards.119-hr-1.v < 4)');
  });

  it('rewrites a versioned item at the version read, or only where there is none', async () => {
    const parse = (item: Record<string, unknown>) => ({ version: typeof item.version === 'number' ? item.version : 0 });
    expect(await rewriteVersioned(dashboardKeys.feed, parse, () => ({ ...entityTag('dashboard_feed') }), 1)).toBe(true);
    let p = db.commandCalls(PutCommand)[0]!.args[0].input;
    expect(expressionText(p.ConditionExpression, p)).toBe('attribute_not_exists(pk)');

    db.resetHistory();
    db.on(GetCommand).resolves({ Item: { ...dashboardKeys.feed, version: 7 } });
    expect(await rewriteVersioned(dashboardKeys.feed, parse, () => ({ ...entityTag('dashboard_feed') }), 1)).toBe(true);
    p = db.commandCalls(PutCommand)[0]!.args[0].input;
    expect(p.Item).toMatchObject({ version: 8 });
    expect(expressionText(p.ConditionExpression, p)).toBe('version = 7');
  });
});

describe('member recent votes', () => {
  const member = { id: 'P000197', name: 'Nancy Pelosi', party: 'D', state: 'CA', district: 11, chamber: 'House', photo_url: null };

  it('puts a changed card, creating the votes map and raising the version', async () => {
    await noteMemberCard(member as never);
    const [u] = updates();
    expect(u!.Key).toEqual(memberKeys.recentVotes('P000197'));
    const card = JSON.stringify(member);
    expect(expressionText(u!.UpdateExpression, u!)).toBe(
      `SET card = ${card}, entity = "member_recent_votes", member_id = "P000197", votes = if_not_exists(votes, {}) ADD version 1`,
    );
    expect(expressionText(u!.ConditionExpression, u!)).toBe(`(attribute_not_exists(card) OR card <> ${card})`);
  });

  it('trims the votes map to its newest entries in one update raising the version', async () => {
    const vote = (date: string) => ({ vote_id: `house-119-1-${date}`, bill_id: null, date, question: 'q', position: 'Yea', result: 'Passed' });
    const dates = ['2026-01-01', '2026-01-02', '2026-01-03', '2026-01-04', '2026-01-05'];
    db.on(GetCommand).resolves({ Item: { votes: Object.fromEntries(dates.map((d) => [`${d}#v`, vote(d)])) } });
    expect(await trimRecentVotes('P000197')).toBe(true);
    const get = db.commandCalls(GetCommand)[0]!.args[0].input;
    expect(expressionText(get.ProjectionExpression, get)).toBe('votes');
    const [u] = updates();
    expect(expressionText(u!.UpdateExpression, u!)).toBe('ADD version 1 REMOVE votes.2026-01-02#v, votes.2026-01-01#v');
  });
});

describe('rate limit', () => {
  it('refunds one hit of a slot only while the slot counts more than zero', async () => {
    await refund('login', 'ip', 42);
    const [u] = updates();
    expect(u!.Key).toEqual(rateKeys.window('login', 'ip'));
    expect(expressionText(u!.UpdateExpression, u!)).toBe('ADD s42 -1');
    expect(expressionText(u!.ConditionExpression, u!)).toBe('s42 > 0');
  });
});
