/**
 * A committee's followers hear of referrals to it and of its reports (issue
 * 34.1), on DynamoDB Local and fauxqs: the bill's actions stored as the
 * actions task stores them, their bill_updated events handed to the dispatch
 * worker. A follower of the committee (or of the full committee of the named
 * subcommittee) is told as a neutral follower; one who follows both the bill
 * and the committee is told once, with the bill follow's stance; a follower of
 * another committee, or of this one when the action is a vote, hears nothing;
 * the committee follow's neutral filters apply.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { handler as bills } from '#functions/api/bills.ts';
import { handler as notifications } from '#functions/api/notifications.ts';
import { insertActions } from '#shared/adapters/db/actions.repository.ts';
import { createFollow } from '#shared/adapters/db/follows.repository.ts';
import { listHistory } from '#shared/adapters/db/notifications.repository.ts';
import type { BillEvent } from '#shared/adapters/messaging/messages.ts';
import type { BillAction } from '#shared/domain/bills/action.schema.ts';
import { billUpdatedEventId } from '#shared/use-cases/bills/milestone-alert.ts';
import { call } from '#test/support/api.ts';
import { newAccount } from '#test/support/accounts.ts';
import { dispatch, seedBill } from '#test/support/notify-harness.ts';
import { useIntegrationStack } from '#test/support/stack.ts';

useIntegrationStack();

const BILL = '119-s-2468';
const REFERRAL = 'Read twice and referred to the Committee on Foreign Relations.';
const REPORT = 'Committee on Foreign Relations. Reported by Senator Risch with an amendment in the nature of a substitute.';
const VOTE = 'Passed Senate with an amendment by Voice Vote.';
const users: Record<string, string> = {};

const action = (date: string, text: string, category: BillAction['category'], committees?: string[]): BillAction => ({
  bill_id: BILL,
  action_date: date,
  action_text: text,
  category,
  action_code: null,
  action_type: null,
  recorded_votes: [],
  ...(committees ? { committees } : {}),
  provenance: { source: 'test', fetched_at: new Date().toISOString() },
});

const eventOf = (a: BillAction): BillEvent => ({
  v: 1,
  type: 'bill_event',
  event_id: billUpdatedEventId(BILL, a.action_date, a.action_text),
  kind: 'bill_updated',
  bill_id: BILL,
  action_category: a.category,
  occurred_at: new Date().toISOString(),
  action_text: a.action_text,
  action_date: a.action_date,
});

const told = async (name: string) =>
  (await listHistory(users[name] ?? '', 50)).items
    .filter((n) => n.bill_id === BILL)
    .map((n) => [n.action_category, n.mode])
    .sort();

const ACTIONS = [
  action('2026-05-04', REFERRAL, 'referral', ['SSFR13']),
  action('2026-06-10', REPORT, 'committee_report', ['SSFR']),
  action('2026-06-20', VOTE, 'vote'),
];

beforeAll(async () => {
  for (const name of ['watcher', 'both', 'other', 'quiet']) {
    const { id, token } = await newAccount(`${name}-cmte@example.org`);
    users[name] = id;
    const body = { rss_enabled: true, ...(name === 'quiet' ? { alert_filters: { neutral: { referral: false } } } : {}) };
    const res = await call(notifications, 'PUT', '/api/notifications/settings', { token, body });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
  await seedBill(BILL, { title: 'Global Fragility Act', label: 'S. 2468', sponsor_id: null, topic_tags: [] });
  await insertActions(ACTIONS);
  const id = (n: string) => users[n] ?? '';
  await Promise.all([
    createFollow({ userId: id('watcher'), targetType: 'committee', targetId: 'SSFR' }),
    createFollow({ userId: id('both'), targetType: 'committee', targetId: 'SSFR' }),
    createFollow({ userId: id('both'), targetType: 'bill', targetId: BILL, followMode: 'hold_boost' }),
    createFollow({ userId: id('other'), targetType: 'committee', targetId: 'HSAG' }),
    createFollow({ userId: id('quiet'), targetType: 'committee', targetId: 'SSFR' }),
  ]);
  await dispatch(ACTIONS.map(eventOf));
}, 120_000);

describe("a committee's followers", () => {
  it('hear of a referral to its subcommittee and of its report, as neutral followers', async () => {
    expect(await told('watcher')).toEqual([
      ['committee_report', 'neutral'],
      ['referral', 'neutral'],
    ]);
  });

  it('tell a follower of the bill and the committee once per event, with the stance of the bill follow', async () => {
    expect(await told('both')).toEqual([
      ['committee_report', 'hold_boost'],
      ['referral', 'hold_boost'],
      ['vote', 'hold_boost'],
    ]);
  });

  it("tell nobody who follows another committee, and apply the committee follow's neutral filters", async () => {
    expect(await told('other')).toEqual([]);
    expect(await told('quiet')).toEqual([['committee_report', 'neutral']]);
  });

  it("show on the bill's actions the committees each names, which the bill's follow dialog offers to follow", async () => {
    const res = await call(bills, 'GET', `/api/bills/${BILL}/actions`);
    expect(res.status).toBe(200);
    const items = (res.body as { items: { action_text: string; committees: string[] }[] }).items;
    expect(items.map((a) => [a.action_text, a.committees])).toEqual([
      [VOTE, []],
      [REPORT, ['SSFR']],
      [REFERRAL, ['SSFR13']],
    ]);
  });
});
