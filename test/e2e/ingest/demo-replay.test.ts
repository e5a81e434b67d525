/**
 * The offline demo replay over HTTP on the seeded local stack (issue 21 §4,
 * issue 33.1): a user follows the replayed bills, an admin plays the
 * held-back days forward, and the user's notifications arrive in the
 * history, the RSS feed and the local mail folder, each marked demo; among
 * them the new text version of H.J.Res. 37 (116th), fetched, briefed as an
 * amendment and announced through the real pipeline, the veto of S.J.Res. 36
 * (116th) and the Senate's failed override, and the failed passage of H.R.
 * 4760 (115th), whose two roll calls the vote fetch brings with every
 * member's position, and the Rules Committee meeting on S.Con.Res. 11
 * (114th), told before it and once more when rescheduled. A second replay
 * says nothing is left.
 */
import { readFileSync } from 'node:fs';
import { XMLParser } from 'fast-xml-parser';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_BILLSTATUS_DIR } from '#local/demo/demo-bills.ts';
import { loadReplayPlan } from '#local/demo/demo-replay-plan.ts';
import { main as replayCli } from '#local/demo/replay-cli.ts';
import { startPushServer, type PushServer } from '#test/support/push-server.ts';
import { signUp, TEST_PASSWORD } from '../support/accounts.ts';
import { useLocalStack } from '../support/e2e-stack.ts';

delete process.env.CONGRESS_API_KEY;
delete process.env.REPLAY_HAR;
// The seeded start loads the whole offline demo (bills, texts, roll calls, amendments, committees, schedule, forecasts).
vi.setConfig({ hookTimeout: 300_000 });
const e2e = useLocalStack({ seed: true, pumps: true });
const api = () => e2e.client();
let admin = '';
let reader = '';
/** Receives the reader's push messages and webhook deliveries. */
let receiver: PushServer;

/** How the tests poll for what the pumps do in the background (a read that throws ends the wait at once). */
const POLL = { timeout: 40_000, interval: 100 };
// Roll calls come through the ingest-tasks queue behind the first start's own work (the demo's vote fetches are
// queued over 140 s): they may take minutes on a busy machine.
const VOTES_POLL = { timeout: 200_000, interval: 500 };

beforeAll(async () => {
  // The first user ever is the admin; both sign in later by these addresses (the CLI, the mail).
  admin = await signUp(api(), 'demo-admin', { email: 'demo-admin@example.org' });
  reader = await signUp(api(), 'demo-reader', { email: 'demo-reader@example.org' });
  receiver = await startPushServer();
}, 60_000);
afterAll(async () => {
  await receiver.close();
});

/** A recorded push to the reader's topic (ntfy header or JSON form), or null for any other request. */
function pushOf(r: PushServer['requests'][number]): { priority: string; tags: string[]; text: string } | null {
  if (r.path.endsWith('/demo-push')) {
    return { priority: String(r.headers.priority), tags: String(r.headers.tags ?? '').split(','), text: `${String(r.headers.title)} ${r.body}` };
  }
  if (!r.body.startsWith('{')) return null;
  const json = JSON.parse(r.body) as { topic?: string; priority?: number; tags?: string[]; title?: string; message?: string };
  if (json.topic !== 'demo-push') return null;
  return { priority: json.priority === 4 ? 'high' : String(json.priority), tags: json.tags ?? [], text: `${json.title ?? ''} ${json.message ?? ''}` };
}

/** Each status change the replay releases, per Bill Status bill: the milestones a follower must be told. */
async function heldBackMilestones(): Promise<{ bill_id: string; status: string; date: string }[]> {
  const plan = await loadReplayPlan(DEMO_BILLSTATUS_DIR);
  return plan.flatMap(({ parsed, heldDays }) => {
    const first = heldDays[0]?.date ?? '9999';
    return parsed.bill.status_timeline.filter((t) => t.date >= first).map((t) => ({ bill_id: parsed.bill.id, status: t.status, date: t.date }));
  });
}

describe('npm run demo:replay on the offline stack', () => {
  it('starts from the held-back state: the replayed bills stand where their history was cut', async () => {
    const bill = await api().request('GET', '/api/bills/115-s-2269');
    expect(bill.body.status).toBe('REPORTED');
    // H.J.Res. 37 stands as it did before its Senate referral: its first text version (rh), briefed, and no rfs yet.
    const briefs = await vi.waitUntil(async () => {
      const r = await api().request('GET', '/api/bills/116-hjres-37/briefs');
      return r.status === 200 && 'items' in r.body && r.body.items.length === 1 && r;
    }, POLL);
    if (!('items' in briefs.body)) throw new Error('expected the briefs of H.J.Res. 37');
    expect(briefs.body.items.map((b) => [b.type, b.text_version_code])).toEqual([['full', 'rh']]);
    const text = await api().request('GET', '/api/bills/116-hjres-37/text');
    if (!('items' in text.body)) throw new Error('expected the list of text versions');
    expect(text.body.items.map((v) => v.version_code)).toEqual(['rh']);
    const actions = await api().request('GET', '/api/bills/116-hjres-37/actions');
    expect(actions.body.items.map((a) => a.action_date).sort()).toEqual(['2019-01-30', '2019-01-30', '2019-02-11', '2019-02-11', '2019-02-13']);
    const hjres = await api().request('GET', '/api/bills/116-hjres-37');
    expect(hjres.body).toMatchObject({ status: 'PASS_OVER:HOUSE', latest_action_date: '2019-02-13' });
  }, 60_000);

  it('notifies a follower of the replayed bills in the history, the RSS feed and the mail folder, marked demo', async () => {
    for (const id of ['115-s-2269', '117-s-1260', '114-s-2848', '116-hjres-37', '116-sjres-36', '115-hr-4760', '114-sconres-11']) {
      const follow = await api().request('POST', '/api/follows', { token: reader, body: { target_type: 'bill', target_id: id, follow_mode: 'neutral' } });
      expect(follow.status, id).toBeLessThan(300);
    }
    const put = await api().request('PUT', '/api/notifications/settings', {
      token: reader,
      body: {
        email_enabled: true,
        email_address: 'demo-reader@example.org',
        rss_enabled: true,
        push_enabled: true,
        push_url: `${receiver.url}/demo-push`,
        webhook_enabled: true,
        webhook_url: `${receiver.url}/demo-hook`,
      },
    });
    expect(put.status).toBe(200);

    const forbidden = await api().request('POST', '/api/admin/demo/replay', { token: reader, body: {} });
    expect(forbidden.status).toBe(403);
    // A request plays steps for about 15 s and says how many are left: ask again until none is (as the CLI does).
    let run = await api().request('POST', '/api/admin/demo/replay', { token: admin, body: { step_ms: 0 } });
    const played = [...run.body.played];
    while (run.status === 200 && run.body.remaining_steps > 0) {
      run = await api().request('POST', '/api/admin/demo/replay', { token: admin, body: { step_ms: 0 } });
      played.push(...run.body.played);
    }
    expect(run.status).toBe(200);
    expect(run.body.remaining_steps).toBe(0);
    expect(run.body.bills.sort()).toEqual(['114-s-2848', '114-sconres-11', '115-hr-4760', '115-s-2269', '116-hjres-37', '116-sjres-36', '117-s-1260']);
    // S.Con.Res. 11's recorded Rules Committee meeting: released into the coming week, then rescheduled (demo-replay-meeting.ts).
    expect(played.filter((s) => s.meeting).map((s) => [s.bill_id, s.meeting?.id, s.meeting?.version])).toEqual([
      ['114-sconres-11', 'house-103428', 1],
      ['114-sconres-11', 'house-103428', 2],
    ]);
    expect(played.map((s) => s.bill_id)).toEqual(expect.arrayContaining(['114-s-2848', '115-s-2269', '117-s-1260', '116-sjres-36', '115-hr-4760']));
    // H.J.Res. 37's one held-back day: the Senate's referral, the day its rfs text version is dated.
    expect(played.filter((s) => s.bill_id === '116-hjres-37')).toEqual([
      { bill_id: '116-hjres-37', action_date: '2019-02-14', actions: 1, released_at: expect.any(String) },
    ]);

    // The real later actions arrived through the poller: S. 2269 passed the Senate, then the House.
    const passed = await vi.waitUntil(async () => {
      const r = await api().request('GET', '/api/bills/115-s-2269');
      return r.body.status === 'PASSED:BILL' && r;
    }, POLL);
    expect(passed.body.status).toBe('PASSED:BILL');
    // The poller saw H.J.Res. 37's new action and text version: the document path fetched rfs and the briefer wrote an amendment brief.
    const briefs = await vi.waitUntil(async () => {
      const r = await api().request('GET', '/api/bills/116-hjres-37/briefs');
      return r.status === 200 && 'items' in r.body && r.body.items.length === 2 && r;
    }, POLL);
    if (!('items' in briefs.body)) throw new Error('expected the briefs of H.J.Res. 37');
    expect(briefs.body.items.map((b) => [b.type, b.text_version_code, b.previous_text_version_code]).sort()).toEqual([
      ['amendment', 'rfs', 'rh'],
      ['full', 'rh', null],
    ]);
    const text = await api().request('GET', '/api/bills/116-hjres-37/text');
    if (!('items' in text.body)) throw new Error('expected the list of text versions');
    expect(text.body.items.map((v) => v.version_code)).toEqual(['rh', 'rfs']);
    const rfs = await api().request('GET', '/api/bills/116-hjres-37/text', { query: { version: 'rfs' } });
    expect(rfs.body).toMatchObject({ previous_version_code: 'rh', diff: expect.objectContaining({ unchanged_count: expect.any(Number) }) });
    expect((await api().request('GET', '/api/bills/116-hjres-37/actions')).body.items).toHaveLength(6);

    const history = await vi.waitUntil(async () => {
      const r = await api().request('GET', '/api/notifications/history', { token: reader });
      const bills = new Set(r.body.items.filter((n) => n.kind !== 'scheduled').map((n) => n.bill_id));
      return bills.size === 6 && r.body.items.filter((n) => n.kind === 'scheduled').length === 2 && r;
    }, POLL);
    expect(new Set(history.body.items.filter((n) => n.kind !== 'scheduled').map((n) => n.bill_id))).toEqual(
      new Set(['114-s-2848', '115-hr-4760', '115-s-2269', '116-hjres-37', '116-sjres-36', '117-s-1260']),
    );
    // The follower of S.Con.Res. 11 is told of its meeting before it, then of the reschedule: one update.
    const meeting = history.body.items.filter((n) => n.kind === 'scheduled');
    expect(meeting.map((n) => [n.meeting?.id, n.meeting?.version, n.meeting?.change]).sort()).toEqual([
      ['house-103428', 1, 'scheduled'],
      ['house-103428', 2, 'rescheduled'],
    ]);
    expect(meeting.every((n) => Date.parse(n.meeting?.starts_at ?? '') > Date.now())).toBe(true);
    for (const item of history.body.items) expect(item).toMatchObject({ demo: true, channels: expect.objectContaining({ rss: 'sent' }) });
    // The new text is H.J.Res. 37's one event: the referral is no milestone and leaves its status as it was.
    expect(history.body.items.filter((n) => n.bill_id === '116-hjres-37')).toEqual([
      expect.objectContaining({ kind: 'new_amendment', demo: true, text_version: 'Referred in Senate (rfs)' }),
    ]);

    // The veto, the failed override and the failed passage, each told once, in the words of its status.
    const stopped = history.body.items.filter((n) => n.kind === 'bill_updated' && n.status && n.bill_id && ['116-sjres-36', '115-hr-4760'].includes(n.bill_id));
    expect(stopped.map((n) => [n.bill_id, n.status, n.action_date]).sort()).toEqual([
      ['115-hr-4760', 'FAIL:ORIGINATING:HOUSE', '2018-06-21'],
      ['116-sjres-36', 'PROV_KILL:VETO', '2019-07-24'],
      ['116-sjres-36', 'VETOED:OVERRIDE_FAIL_ORIGINATING:SENATE', '2019-07-29'],
    ]);
    // The failed vote's roll calls came with it, through the vote fetch the new actions queued.
    const votes = await vi.waitUntil(async () => {
      const r = await api().request('GET', '/api/bills/115-hr-4760/votes');
      return r.body.items.length === 2 && r;
    }, VOTES_POLL);
    expect(votes.body.items.map((v) => [v.roll_number, v.result, v.yea, v.nay])).toEqual([
      [281, 'Failed', 191, 234],
      [282, 'Failed', 193, 231],
    ]);
    // S.J.Res. 36's three votes are named by its actions; their records are not in the offline data, and the view says so.
    const vetoVotes = await api().request('GET', '/api/bills/116-sjres-36/votes');
    expect(vetoVotes.body.missing_votes.map((m) => m.vote_id)).toEqual(['senate-116-1-177', 'house-116-1-486', 'senate-116-1-231']);

    const settings = await api().request('GET', '/api/notifications/settings', { token: reader });
    const feed = await api().raw('GET', new URL(settings.body.rss_feed_url).pathname);
    const items = [new XMLParser().parse(feed.text).rss.channel.item].flat() as { title: string; description: string }[];
    expect(items.length).toBe(history.body.items.length);
    expect(items.filter((i) => JSON.stringify(i).includes('Referred in Senate (rfs)'))).toHaveLength(1);
    for (const words of ['Vetoed by the President', 'The Senate failed to override the veto', 'Failed in the House'])
      expect(items.filter((i) => i.title.includes(words)).length, words).toBe(1);

    const files = await vi.waitUntil(() => {
      const f = e2e.stack().smtp.files;
      return f.length >= 1 && f;
    }, POLL);
    const mail = await simpleParser(readFileSync(files[0] as string));
    expect(mail.to && 'text' in mail.to ? mail.to.text : '').toContain('demo-reader@example.org');
    const mails = await vi.waitUntil(async () => {
      const texts = await Promise.all(e2e.stack().smtp.files.map(async (f) => (await simpleParser(readFileSync(f))).text ?? ''));
      return texts.some((t) => t.includes('Referred in Senate (rfs)')) && texts;
    }, POLL);
    expect(mails.filter((t) => t.includes('Referred in Senate (rfs)'))).toHaveLength(1);
    // A milestone's words are the mail's subject (as the push's title); its body is the bill's title and the action.
    const toldByMail = await vi.waitUntil(async () => {
      const texts = await Promise.all(
        e2e.stack().smtp.files.map(async (f) => {
          const m = await simpleParser(readFileSync(f));
          return `${m.subject ?? ''}\n${m.text ?? ''}`;
        }),
      );
      return texts.some((t) => t.includes('Vetoed by the President')) && texts.some((t) => t.includes('Failed in the House')) && texts;
    }, POLL);
    expect(toldByMail.filter((t) => t.includes('193 - 231 (Roll no. 282)'))).toHaveLength(1);

    // Every milestone the replay released is told, as bill_updated with its new status, on every channel (issue 32.3):
    // S. 1260's and S. 2848's passage too, not only the first milestone of each bill.
    const milestones = await heldBackMilestones();
    expect(milestones.map((m) => m.bill_id)).toEqual(expect.arrayContaining(['115-s-2269', '117-s-1260', '114-s-2848']));
    const told = await vi.waitUntil(async () => {
      const r = await api().request('GET', '/api/notifications/history', { token: reader, query: { limit: '100' } });
      const updates = r.body.items.filter((n) => n.kind === 'bill_updated' && n.status);
      const settled = r.body.items.every((n) => Object.values(n.channels).every((c) => c !== 'pending' && c !== 'sending'));
      return settled && milestones.every((m) => updates.some((n) => n.bill_id === m.bill_id && n.status === m.status)) && r.body.items;
    }, POLL);
    for (const m of milestones) {
      const event = told.find((n) => n.kind === 'bill_updated' && n.bill_id === m.bill_id && n.status === m.status);
      expect(event?.channels, `${m.bill_id} ${m.status}`).toMatchObject({ push: 'sent', email: 'sent', rss: 'sent', webhook: 'sent' });
    }
    const pushes = receiver.requests.flatMap((r) => pushOf(r) ?? []);
    // The events the webhooks carried (one each, or a batch's several); the webhook-id is the message's, not the event's.
    const hooked = new Set(
      receiver.requests
        .filter((r) => r.path.endsWith('/demo-hook'))
        .flatMap((h) => {
          const payload = JSON.parse(h.body) as { type: string; data: { event_id?: string; events?: { event_id: string }[] } };
          return payload.data.events ? payload.data.events.map((e) => e.event_id) : [String(payload.data.event_id)];
        }),
    );
    for (const event of told) {
      expect(hooked.has(event.event_id), `webhook for ${event.bill_id} ${event.kind} ${event.status}`).toBe(true);
    }
    expect(pushes.length).toBeGreaterThanOrEqual(told.length);
    // A status milestone is pushed at high priority with the siren tag, naming the bill as the app does.
    const sirens = pushes.filter((p) => p.priority === 'high' && p.tags.includes('siren')).map((p) => p.text);
    expect(sirens.length).toBeGreaterThanOrEqual(milestones.length);
    for (const label of ['S. 2269', 'S. 1260', 'S. 2848'])
      expect(
        sirens.some((t) => t.includes(label)),
        label,
      ).toBe(true);
    const finalFeed = await api().raw('GET', new URL(settings.body.rss_feed_url).pathname);
    expect([new XMLParser().parse(finalFeed.text).rss.channel.item].flat().length).toBe(told.length);
  }, 420_000);

  it('says clearly that nothing is left once every held-back day is played', async () => {
    const again = await api().request('POST', '/api/admin/demo/replay', { token: admin, body: {} });
    expect(again.status).toBe(409);
    expect(again.body.detail).toMatch(/played every held-back day/);
  });

  it('npm run demo:replay signs in as the admin and prints what the stack answered', async () => {
    const out: string[] = [];
    const env = { BILLWATCH_EMAIL: 'demo-admin@example.org', BILLWATCH_PASSWORD: TEST_PASSWORD };
    const code = await replayCli(
      ['--url', e2e.stack().apiUrl],
      env,
      (l) => out.push(l),
      (l) => out.push(l),
    );
    expect(code).toBe(1);
    expect(out.join('\n')).toMatch(/the replay answered 409: The demo replay has played every held-back day/);
    expect(
      await replayCli(
        [],
        {},
        (l) => out.push(l),
        (l) => out.push(l),
      ),
    ).toBe(2);
  });
});
