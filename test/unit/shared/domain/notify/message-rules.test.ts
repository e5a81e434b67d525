import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { isBlockedAddress } from '#shared/adapters/providers/channels/address-guard.ts';
import { composeEmail, unsubscribeUrls } from '#shared/domain/notify/email-message.ts';
import { parseFormBody } from '#shared/edges/http/form-body.ts';
import type { NotificationContent, NotificationEvent } from '#shared/domain/notify/notification.schema.ts';
import { buildPushRequest, splitPushUrl, type PushTarget } from '#shared/domain/notify/push-request.ts';
import { billIdentifier, cutText, renderDigestBundle, renderEvent, renderHeldBundle, toAscii, whatHappened } from '#shared/domain/notify/render.ts';
import { renderFeed } from '#shared/domain/notify/rss-feed.ts';
import { open, seal, sealingKey } from '#shared/platform/secret-box.ts';
import { unsubscribedPage } from '#shared/domain/notify/unsubscribe-page.ts';
import { statusInWords } from '#shared/domain/notify/status-words.ts';
import { BILL_STATUSES, type BillStatus } from '#shared/domain/bills/bill-status.ts';

const PUBLIC = 'https://billwatch.example.org';
const content = (over: Partial<NotificationContent> = {}): NotificationContent => ({
  event_id: 'brief:118-hr-3076:1',
  kind: 'new_document',
  occurred_at: '2026-01-15T12:00:00.000Z',
  bill_id: '118-hr-3076',
  bill_label: 'H.R. 3076',
  bill_title: 'Postal Service Reform Act of 2022',
  summary: 'Reforms the finances and operations of the United States Postal Service.',
  action_category: 'new_document',
  action_text: null,
  action_date: null,
  status: null,
  previous_status: null,
  text_version: null,
  items: [],
  ...over,
});
const target: PushTarget = { push_url: 'https://ntfy.example.org/bills', push_auth: 'none', push_token: null, push_username: null, push_password: null };

describe('push rendering', () => {
  it('says where a bill was reintroduced, opens the new bill and offers a one-tap follow (push action, email link)', () => {
    const later = { bill_id: '119-hr-1234', label: 'H.R. 1234', title: 'Postal Service Reform Act of 2025', congress: 119 };
    const c = content({ kind: 'reintroduced', action_category: 'reintroduced', summary: null, reintroduced_as: later });
    const m = renderEvent(c, 'hold_boost', PUBLIC);
    expect(m.title).toBe('Reintroduced: H.R. 3076');
    expect(m.body).toBe('Postal Service Reform Act of 2022\nReintroduced in the 119th Congress as H.R. 1234');
    expect(m.click).toBe(`${PUBLIC}/bills/119-hr-1234`);
    expect(m.actions).toEqual([{ action: 'view', label: 'Follow H.R. 1234', url: `${PUBLIC}/bills/119-hr-1234?follow=1` }]);
    expect(m).toMatchObject({ priority: 'default', tags: ['recycle'] });
    const email = composeEmail({
      message: m,
      to: 'a@example.org',
      from: 'BillWatch <n@example.org>',
      mailto: 'n@example.org',
      urls: unsubscribeUrls(PUBLIC, 't'),
    });
    expect(email.text).toContain(`Follow H.R. 1234: ${PUBLIC}/bills/119-hr-1234?follow=1`);
    const push = buildPushRequest(m, target);
    expect(JSON.stringify(push)).toContain('?follow=1');
  });

  it('titles "Label: H.R. 3076" in ASCII, with the bill name then the summary as the body', () => {
    const m = renderEvent(content(), 'neutral', PUBLIC);
    expect(m.title).toBe('New Bill Text: H.R. 3076');
    expect(m.body).toBe('Postal Service Reform Act of 2022\nReforms the finances and operations of the United States Postal Service.');
    expect(m.click).toBe(`${PUBLIC}/bills/118-hr-3076`);
  });

  it('issue 24 #14: a bill_updated body is the full bill name, then the action and its date, then the summary', () => {
    const m = renderEvent(
      content({ kind: 'bill_updated', action_category: 'vote', action_text: 'Passed Senate by Yea-Nay Vote. 68-31.', action_date: '2026-01-15' }),
      'neutral',
      PUBLIC,
    );
    expect(m.title).toBe('Bill Updated: H.R. 3076');
    expect(m.body).toBe(
      'Postal Service Reform Act of 2022\n2026-01-15: Passed Senate by Yea-Nay Vote. 68-31.\nReforms the finances and operations of the United States Postal Service.',
    );
  });

  it('leads a new-text alert with the text version, and keeps every line within the push limit', () => {
    const m = renderEvent(content({ text_version: 'Engrossed in House (eh)', summary: 'x'.repeat(900) }), 'neutral', PUBLIC);
    const [name, event, summary] = m.body.split('\n');
    expect([name, event]).toEqual(['Postal Service Reform Act of 2022', 'New text: Engrossed in House (eh)']);
    expect(Array.from(summary ?? '').length).toBe(300);
  });

  it('maps each kind to its priority and tags', () => {
    expect(renderEvent(content({ kind: 'new_document' }), 'neutral', PUBLIC)).toMatchObject({ priority: 'default', tags: ['page'] });
    expect(renderEvent(content({ kind: 'new_amendment' }), 'neutral', PUBLIC)).toMatchObject({
      priority: 'default',
      tags: ['memo'],
      title: 'New Amendment: H.R. 3076',
    });
    expect(renderEvent(content({ kind: 'bill_updated' }), 'neutral', PUBLIC)).toMatchObject({
      priority: 'high',
      tags: ['siren'],
      title: 'Bill Updated: H.R. 3076',
    });
    const digest = renderEvent(
      content({
        kind: 'weekly_digest',
        bill_id: null,
        items: [{ bill_id: '118-hr-1', bill_label: 'H.R. 1', bill_title: 'One', latest_action_date: '2026-01-12', latest_action_text: 'Passed House' }],
      }),
      null,
      PUBLIC,
    );
    expect(digest).toMatchObject({
      priority: 'low',
      tags: ['newspaper', 'calendar'],
      title: 'Weekly Digest: 1 followed bill updated',
      body: 'H.R. 1: One (2026-01-12 Passed House)',
    });
  });

  it('tells a milestone that changed the status as bill_updated: the new status in plain words, high priority, the siren tag', () => {
    const changed = (status: BillStatus, action_text: string, kind: 'bill_updated' | 'status_changed' = 'bill_updated') =>
      renderEvent(
        content({
          kind,
          action_category: 'vote',
          bill_label: 'H.R. 3590',
          status,
          previous_status: 'REFERRED',
          action_text,
          action_date: '2009-11-07',
        }),
        'neutral',
        PUBLIC,
      );
    const passed = changed(
      'PASS_OVER:HOUSE',
      'On motion to suspend the rules and pass the bill Agreed to by the Yeas and Nays: (2/3 required): 416 - 0 (Roll no. 768).',
    );
    // Issue 24 #12: one alert for the change, carrying the new status (title) and the action that made it (body); SPEC's seed: bill_updated is high, siren.
    expect(passed).toMatchObject({ title: 'Passed the House 416-0: H.R. 3590', priority: 'high', tags: ['siren'] });
    expect(passed.body.split('\n')).toEqual([
      'Postal Service Reform Act of 2022',
      '2009-11-07: On motion to suspend the rules and pass the bill Agreed to by the Yeas and Nays: (2/3 required): 416 - 0 (Roll no. 768).',
      'Reforms the finances and operations of the United States Postal Service.',
    ]);
    const law = changed('ENACTED:SIGNED', 'Signed by President.');
    expect(law).toMatchObject({ title: 'Became law: H.R. 3590', priority: 'high', tags: ['siren'] });
    expect(law.body.split('\n')[1]).toBe('2009-11-07: Signed by President.');
    // An event stored as status_changed before (a held one released now) reads the same way.
    expect(changed('PROV_KILL:VETO', 'Vetoed by President.', 'status_changed')).toMatchObject({
      title: 'Vetoed by the President: H.R. 3590',
      priority: 'high',
      tags: ['siren'],
    });
    // The title keeps the status up to its "; …"; a held bundle's line has all of it, and the action.
    const back = content({
      kind: 'bill_updated',
      action_category: 'vote',
      bill_label: 'H.R. 3590',
      status: 'PASS_BACK:SENATE',
      action_text: 'Passed Senate with an amendment by Yea-Nay Vote. 60 - 39. Record Vote Number: 396.',
      action_date: '2009-11-07',
    });
    expect(renderEvent(back, 'neutral', PUBLIC).title).toBe('Passed the Senate with changes 60-39: H.R. 3590');
    expect(whatHappened(back)).toBe(
      '2009-11-07: Passed the Senate with changes 60\u201339; back to the House (Passed Senate with an amendment by Yea-Nay Vote. 60 - 39. Record Vote Number: 396.)',
    );
    // A milestone that moved no status keeps the kind's label.
    expect(renderEvent({ ...back, status: null }, 'neutral', PUBLIC).title).toBe('Bill Updated: H.R. 3590');
  });

  it('has words for every status, with the tally only where a vote carries one', () => {
    for (const status of BILL_STATUSES) {
      const words = statusInWords(status, 'Passed Senate without amendment by Unanimous Consent.');
      expect(words, status).toMatch(/^[A-Z][^{}]+$/);
    }
    expect(statusInWords('FAIL:SECOND:SENATE', 'Failed of passage in Senate by Yea-Nay Vote. 45 - 54. Record Vote Number: 90.')).toBe(
      'Failed in the Senate 45\u201354',
    );
  });

  it('gives hold_boost followers the letter action and nobody else', () => {
    expect(renderEvent(content(), 'hold_boost', PUBLIC).actions).toEqual([
      { action: 'view', label: 'Write to your representative', url: `${PUBLIC}/bills/118-hr-3076?letter=1` },
    ]);
    expect(renderEvent(content(), 'hold_veto', PUBLIC).actions).toEqual([]);
  });

  it('cuts the summary to 300 characters and strips non-ASCII and line breaks from titles', () => {
    expect(cutText('x'.repeat(400), 300)).toHaveLength(300);
    expect(cutText('x'.repeat(400), 300).endsWith('...')).toBe(true);
    expect(cutText('short', 300)).toBe('short');
    expect(toAscii('Café “quoted” — ok\r\nInjected: 1')).toBe('Cafe "quoted" - ok Injected: 1');
    expect(billIdentifier('S.J.Res. 12', null)).toBe('S.J.Res. 12');
    expect(billIdentifier(null, '119-hconres-4')).toBe('H.Con.Res. 4');
  });

  it('issue 24 #13: bundles digest events into one message whose every line says what happened', () => {
    const m = renderDigestBundle(
      [
        content({ text_version: 'Engrossed in House (eh)' }),
        content({ kind: 'bill_updated', event_id: 'x', action_category: 'vote', action_text: 'Passed House.', action_date: '2026-01-15' }),
      ],
      'daily',
      PUBLIC,
    );
    expect(m.title).toBe('Your BillWatch digest (daily): 2 updates');
    expect(m.body.split('\n')).toEqual([
      'New Bill Text: H.R. 3076 - Postal Service Reform Act of 2022 (New text: Engrossed in House (eh))',
      'Bill Updated: H.R. 3076 - Postal Service Reform Act of 2022 (2026-01-15: Passed House.)',
    ]);
  });

  it("issue 24 #13: a weekly digest folded into a weekly-digest user's bundle lists its bills", () => {
    const weekly = content({
      kind: 'weekly_digest',
      bill_id: null,
      items: [{ bill_id: '118-hr-1', bill_label: 'H.R. 1', bill_title: 'One', latest_action_date: '2026-01-12', latest_action_text: 'Passed House' }],
    });
    const m = renderDigestBundle([weekly], 'weekly', PUBLIC);
    expect(m.body.split('\n')).toEqual(['Weekly Digest: 1 followed bill updated', '  H.R. 1: One (2026-01-12 Passed House)']);
  });
});

describe('held events released together', () => {
  const heldEvent = (over: Partial<NotificationContent>, mode: NotificationEvent['mode'] = 'neutral') => ({ ...content(over), mode });
  it('renders a single held event as itself', () => {
    const one = heldEvent({});
    expect(renderHeldBundle([one], PUBLIC)).toEqual(renderEvent(one, 'neutral', PUBLIC));
  });

  it('lists every event of one bill in one message, oldest first, at the most urgent priority', () => {
    const m = renderHeldBundle(
      [
        heldEvent({ event_id: 'a', kind: 'bill_updated', action_category: 'referral', action_text: 'Referred to the Committee.', action_date: '2026-01-14' }),
        heldEvent({ event_id: 'b', text_version: 'Reported in House (rh)', summary: 'Older summary.' }),
        heldEvent(
          { event_id: 'c', kind: 'bill_updated', action_category: 'vote', action_text: 'Passed House.', action_date: '2026-01-15', summary: 'Newest summary.' },
          'hold_boost',
        ),
        heldEvent({ event_id: 'd', kind: 'new_amendment', text_version: null, summary: null }),
      ],
      PUBLIC,
    );
    expect(m.title).toBe('4 updates on H.R. 3076');
    expect(m.body.split('\n')).toEqual([
      'Postal Service Reform Act of 2022',
      '2026-01-14: Referred to the Committee.',
      'New text: Reported in House (rh)',
      '2026-01-15: Passed House.',
      'New Amendment',
      'Newest summary.',
    ]);
    expect(m).toMatchObject({ click: `${PUBLIC}/bills/118-hr-3076`, priority: 'high', tags: ['siren'] });
    expect(m.actions).toEqual([]);
  });

  it('gives the letter action when the newest event comes from a hold_boost follow', () => {
    const m = renderHeldBundle([heldEvent({ event_id: 'a' }), heldEvent({ event_id: 'b', kind: 'new_amendment' }, 'hold_boost')], PUBLIC);
    expect(m).toMatchObject({ title: '2 updates on H.R. 3076', priority: 'default', tags: ['page'] });
    expect(m.actions.map((a) => a.url)).toEqual([`${PUBLIC}/bills/118-hr-3076?letter=1`]);
  });
});

describe('push request', () => {
  it('publishes in header form with every ntfy header when all is ASCII', () => {
    const req = buildPushRequest(renderEvent(content({ kind: 'bill_updated' }), 'hold_boost', PUBLIC), { ...target, push_auth: 'token', push_token: 'tk_123' });
    expect(req.form).toBe('headers');
    expect(req.url).toBe('https://ntfy.example.org/bills');
    expect(req.headers).toEqual({
      'Content-Type': 'text/plain; charset=utf-8',
      Title: 'Bill Updated: H.R. 3076',
      Priority: 'high',
      Tags: 'siren',
      Click: `${PUBLIC}/bills/118-hr-3076`,
      Actions: `view, Write to your representative, ${PUBLIC}/bills/118-hr-3076?letter=1`,
      Authorization: 'Bearer tk_123',
    });
  });

  it('uses HTTP Basic with the opened password', () => {
    const req = buildPushRequest(renderEvent(content(), 'neutral', PUBLIC), { ...target, push_auth: 'basic', push_username: 'ann', push_password: 'p:ss' });
    expect(req.headers.Authorization).toBe(`Basic ${Buffer.from('ann:p:ss').toString('base64')}`);
  });

  it('switches to the JSON form at the server root when the body is not ASCII', () => {
    const req = buildPushRequest(renderEvent(content({ summary: 'Réforme — “postal”' }), 'hold_boost', PUBLIC), {
      ...target,
      push_url: 'https://ntfy.example.org/base/bills',
    });
    expect(req.form).toBe('json');
    expect(req.url).toBe('https://ntfy.example.org/base/');
    expect(req.headers).toEqual({ 'Content-Type': 'application/json' });
    expect(JSON.parse(req.body)).toEqual({
      topic: 'bills',
      title: 'New Bill Text: H.R. 3076',
      message: 'Postal Service Reform Act of 2022\nRéforme — “postal”',
      tags: ['page'],
      priority: 3,
      click: `${PUBLIC}/bills/118-hr-3076`,
      actions: [{ action: 'view', label: 'Write to your representative', url: `${PUBLIC}/bills/118-hr-3076?letter=1` }],
    });
    expect(splitPushUrl('https://n.example.org/t?x=1')).toEqual({ root: 'https://n.example.org/', topic: 't' });
  });

  it("carries the message's sequence id in both forms, so ntfy shows a resend in place of the first", () => {
    const ascii = buildPushRequest(renderEvent(content(), 'neutral', PUBLIC), target, 'seq_1-A');
    expect(ascii.headers['X-Sequence-ID']).toBe('seq_1-A');
    const json = buildPushRequest(renderEvent(content({ summary: 'Réforme' }), 'neutral', PUBLIC), target, 'seq_1-A');
    expect(json.form).toBe('json');
    expect((JSON.parse(json.body) as { sequence_id?: string }).sequence_id).toBe('seq_1-A');
    // A test push has no identity: nothing to repeat.
    expect(buildPushRequest(renderEvent(content(), 'neutral', PUBLIC), target).headers).not.toHaveProperty('X-Sequence-ID');
  });
});

describe('SSRF guard', () => {
  it('refuses private, loopback, link-local, metadata, shared, documentation, multicast and reserved addresses', () => {
    for (const a of [
      '127.0.0.1',
      '10.0.0.1',
      '172.16.5.4',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '192.0.2.1',
      '198.18.0.1',
      '224.0.0.1',
      '240.0.0.1',
      '255.255.255.255',
      '::1',
      '::',
      'fe80::1',
      'fc00::1',
      'fd00:ec2::254',
      'ff02::1',
      '2001:db8::1',
      'not-an-ip',
    ]) {
      expect(isBlockedAddress(a), a).toBe(true);
    }
  });

  it('looks through IPv4-mapped, NAT64 and 6to4 IPv6 addresses', () => {
    expect(isBlockedAddress('::ffff:127.0.0.1')).toBe(true);
    expect(isBlockedAddress('::ffff:7f00:1')).toBe(true);
    expect(isBlockedAddress('64:ff9b::a9fe:a9fe')).toBe(true);
    expect(isBlockedAddress('2002:c0a8:101::1')).toBe(true);
    expect(isBlockedAddress('::ffff:8.8.8.8')).toBe(false);
  });

  it('allows public addresses', () => {
    for (const a of ['8.8.8.8', '1.1.1.1', '93.184.216.34', '2606:4700:4700::1111']) expect(isBlockedAddress(a), a).toBe(false);
  });
});

describe('push password sealing', () => {
  it('round-trips, differs per seal and refuses tampering or another key', () => {
    const key = sealingKey(undefined, 'x'.repeat(40));
    const a = seal('hunter2', key);
    expect(a).not.toContain('hunter2');
    expect(seal('hunter2', key)).not.toBe(a);
    expect(open(a, key)).toBe('hunter2');
    // Flip one bit of the decoded ciphertext, then of the tag: editing base64 text can leave the bytes unchanged.
    const flipped = (part: number) =>
      a
        .split('.')
        .map((p, i) => {
          if (i !== part) return p;
          const bytes = Buffer.from(p, 'base64url');
          bytes[0] = (bytes[0] ?? 0) ^ 1;
          return bytes.toString('base64url');
        })
        .join('.');
    expect(() => open(flipped(3), key)).toThrow();
    expect(() => open(flipped(2), key)).toThrow();
    expect(() => open(a, sealingKey(undefined, 'y'.repeat(40)))).toThrow();
  });

  it('uses a 64-hex ENCRYPTION_SECRET_KEY as the raw key and derives one from JWT_SECRET_KEY otherwise', () => {
    expect(sealingKey('ab'.repeat(32), 'ignored').toString('hex')).toBe('ab'.repeat(32));
    expect(sealingKey(undefined, 'j'.repeat(40))).toHaveLength(32);
    expect(sealingKey(undefined, 'j'.repeat(40)).equals(sealingKey(undefined, 'k'.repeat(40)))).toBe(false);
  });
});

describe('email composition', () => {
  it('carries List-Unsubscribe (URL and mailto), the one-click header and a body link that differs from the header URL', () => {
    const urls = unsubscribeUrls(PUBLIC, 'tok123');
    const mail = composeEmail({
      message: renderEvent(content(), 'hold_boost', PUBLIC),
      to: 'a@example.org',
      from: 'BillWatch <alerts@example.org>',
      mailto: 'alerts@example.org',
      urls,
    });
    expect(mail.headers).toEqual({
      'List-Unsubscribe': `<${PUBLIC}/api/notifications/unsubscribe/tok123>, <mailto:alerts@example.org?subject=unsubscribe>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    // The body link is the header URL: its GET shows the confirmation page and changes nothing.
    expect(mail.text).toContain(`Unsubscribe from these emails: ${PUBLIC}/api/notifications/unsubscribe/tok123\n`);
    expect(mail.text).toContain(`Write to your representative: ${PUBLIC}/bills/118-hr-3076?letter=1`);
    expect(mail.subject).toBe('New Bill Text: H.R. 3076');
    expect(mail).not.toHaveProperty('messageId');
  });

  it("issue 32.5: a test email to an unsaved address still carries List-Unsubscribe, the mailto alone, and none of the caller's URLs", () => {
    const mail = composeEmail({
      message: renderEvent(content(), 'hold_boost', PUBLIC),
      to: 'someone@example.org',
      from: 'BillWatch <alerts@example.org>',
      mailto: 'alerts@example.org',
      urls: null,
    });
    expect(mail.headers).toEqual({ 'List-Unsubscribe': '<mailto:alerts@example.org?subject=unsubscribe>' });
    expect(mail.text).toContain('write to alerts@example.org with the subject "unsubscribe"');
    expect(mail.text).not.toContain('/api/notifications/unsubscribe/');
  });

  it("carries the message's Message-ID when it has one, so a resend is the same email", () => {
    const mail = composeEmail({
      message: renderEvent(content(), 'hold_boost', PUBLIC),
      to: 'a@example.org',
      from: 'BillWatch <alerts@example.org>',
      mailto: 'alerts@example.org',
      urls: unsubscribeUrls(PUBLIC, 'tok123'),
      identity: { id: 'abc', domain: 'example.org' },
    });
    expect(mail.messageId).toBe('<abc@example.org>');
    expect(mail.identity).toBe('abc');
  });
});

describe('RSS feed', () => {
  const event = (over: Partial<NotificationEvent>): NotificationEvent => ({
    ...content(),
    user_id: 'u1',
    mode: 'neutral',
    created_at: '2026-01-15T12:00:01.000Z',
    channels: { push: 'sent', email: 'off', rss: 'sent', webhook: 'off' },
    due_at: null,
    errors: {},
    ...over,
  });

  it('parses as RSS 2.0 with one item per event, the kind as category and escaped text', () => {
    const xml = renderFeed(
      [
        event({
          kind: 'weekly_digest',
          event_id: 'weekly_digest:2026-01-12:u1',
          bill_id: null,
          items: [{ bill_id: '118-hr-1', bill_label: 'H.R. 1', bill_title: 'Tom & Jerry <Act>', latest_action_date: null, latest_action_text: null }],
        }),
        event({ bill_title: 'A "bill" & <more>' }),
      ],
      { publicUrl: PUBLIC, feedUrl: `${PUBLIC}/api/notifications/feed/t`, now: new Date('2026-01-15T13:00:00Z') },
    );
    const doc = new XMLParser({ ignoreAttributes: false }).parse(xml);
    expect(doc.rss['@_version']).toBe('2.0');
    const items = doc.rss.channel.item;
    expect(items).toHaveLength(2);
    expect(items[0].category).toBe('weekly_digest');
    expect(items[0].title).toBe('Weekly Digest: 1 followed bill updated');
    expect(items[0].description).toBe('H.R. 1: Tom & Jerry <Act>');
    expect(items[1].description.startsWith('A "bill" & <more>')).toBe(true);
    expect(items[1].guid['#text']).toBe('brief:118-hr-3076:1');
    expect(items[1].pubDate).toBe('Thu, 15 Jan 2026 12:00:01 GMT');
    expect(xml).not.toContain('<more>');
  });
});

describe('unsubscribe forms and pages', () => {
  it('reads form-encoded and multipart one-click bodies', () => {
    expect(parseFormBody('application/x-www-form-urlencoded', 'List-Unsubscribe=One-Click')).toEqual({ 'List-Unsubscribe': 'One-Click' });
    const multipart = '--XyZ\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--XyZ--\r\n';
    expect(parseFormBody('multipart/form-data; boundary=XyZ', multipart)).toEqual({ 'List-Unsubscribe': 'One-Click' });
    expect(parseFormBody('application/json', '{"a":1}')).toEqual({});
  });

  it('escapes every value it prints', () => {
    const page = unsubscribedPage('<script>alert(1)</script>@x.org', '/api/notifications/unsubscribe/"><b>');
    expect(page).not.toContain('<script>');
    expect(page).toContain('&lt;script&gt;');
    expect(page).toContain('action="/api/notifications/unsubscribe/&quot;&gt;&lt;b&gt;"');
    expect(page).toContain('name="action" value="resubscribe"');
  });
});
