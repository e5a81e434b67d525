// Issue 32.3: the weekly digest goes out on its Monday at 08:00 in every time zone. The job table's schedule is run
// hour by hour over a weekend (with the digest delivery five minutes after each run, as scheduled), for users in UTC
// (no zone), in Asia/Tokyo and in America/Los_Angeles, with digests off (the weekly run sends it) and weekly (it comes
// in that morning's bundle): each hears once, at 08:00 (or 08:05) on their own Monday. Before, users with no zone or
// east of UTC got it a week late.
import { Cron } from 'croner';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handler as notifications } from '#functions/api/notifications.ts';
import { createFollow } from '#shared/adapters/db/follows.repository.ts';
import { JOBS } from '#shared/edges/jobs/job-table.ts';
import { sendNotificationDigests } from '#shared/use-cases/notify/send-digests.ts';
import { sendWeeklyDigest } from '#shared/use-cases/notify/weekly-digest.ts';
import { call } from '#test/support/api.ts';
import { newAccount } from '#test/support/accounts.ts';
import { startPushServer, type PushServer } from '#test/support/push-server.ts';
import { useIntegrationStack } from '#test/support/stack.ts';
import { seedBill } from '../../../../support/notify-harness.ts';

useIntegrationStack();

const ZONES = { utc: null, tokyo: 'Asia/Tokyo', la: 'America/Los_Angeles' } as const;
const BILL = '119-hr-90';
let push: PushServer;

beforeAll(async () => {
  push = await startPushServer();
  // Moved on Friday 2026-01-16: within the past 7 days of Monday 2026-01-19 in every zone.
  await seedBill(BILL, { latest_action_date: '2026-01-16', topic_tags: [], sponsor_id: null });
  let ip = 60;
  for (const [name, zone] of Object.entries(ZONES)) {
    for (const digest of ['off', 'weekly'] as const) {
      const { id, token } = await newAccount(`${name}-${digest}@example.org`, { sourceIp: `198.51.100.${ip++}` });
      const res = await call(notifications, 'PUT', '/api/notifications/settings', {
        token,
        body: { push_enabled: true, push_url: `${push.url}/${name}-${digest}`, digest_mode: digest, ...(zone ? { timezone: zone } : {}) },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      await createFollow({ userId: id, targetType: 'bill', targetId: BILL });
    }
  }
}, 240_000);

afterAll(async () => {
  await push.close();
});

describe('the weekly digest on Monday at 08:00 in every time zone', () => {
  it('reaches each user once, on their own Monday morning, through the scheduled runs', async () => {
    const schedule = JOBS.find((j) => j.name === 'send_weekly_digest')?.schedule ?? '';
    const runs = new Cron(schedule, { timezone: 'UTC' }).nextRuns(48, new Date('2026-01-16T23:59:00Z'));
    expect(runs.at(-1)?.toISOString()).toBe('2026-01-19T23:00:00.000Z');
    const heardAt = new Map<string, string[]>();
    const note = (before: number, at: Date) => {
      for (const r of push.requests.slice(before)) heardAt.set(r.path.slice(1), [...(heardAt.get(r.path.slice(1)) ?? []), at.toISOString()]);
    };
    for (const run of runs) {
      let before = push.requests.length;
      await sendWeeklyDigest(run);
      note(before, run);
      const delivery = new Date(run.getTime() + 5 * 60_000);
      before = push.requests.length;
      await sendNotificationDigests(delivery);
      note(before, delivery);
    }
    expect(Object.fromEntries(heardAt)).toEqual({
      // 08:00 on Monday 2026-01-19 in each zone; a weekly-digest user's bundle goes at the delivery run five minutes later.
      'utc-off': ['2026-01-19T08:00:00.000Z'],
      'utc-weekly': ['2026-01-19T08:05:00.000Z'],
      'tokyo-off': ['2026-01-18T23:00:00.000Z'],
      'tokyo-weekly': ['2026-01-18T23:05:00.000Z'],
      'la-off': ['2026-01-19T16:00:00.000Z'],
      'la-weekly': ['2026-01-19T16:05:00.000Z'],
    });
    const titles = push.requests.map((r) => [r.path, String(r.headers.title)]);
    expect(titles).toEqual(
      expect.arrayContaining([
        ['/tokyo-off', 'Weekly Digest: 1 followed bill updated'],
        ['/tokyo-weekly', 'Your BillWatch digest (weekly): 1 update'],
      ]),
    );
  }, 120_000);
});
