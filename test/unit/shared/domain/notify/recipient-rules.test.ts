import { describe, expect, it } from 'vitest';
import { ACTION_CATEGORIES } from '#shared/domain/bills/action-categories.ts';
import { passesAlertFilters, passesEventFilters } from '#shared/domain/notify/alert-filter.ts';
import { dedupeMark, dedupeSubject, mayClaim, DEDUPE_WINDOW_SECONDS } from '#shared/domain/notify/dedupe.ts';
import { chunk, mergeRecipients } from '#shared/domain/notify/recipients.ts';
import { applySettingsUpdate } from '#shared/use-cases/notify/settings-update.ts';
import { AlertFilters, defaultPrefs, NotificationSettingsUpdate, readPrefs, type NotificationPrefs } from '#shared/domain/notify/prefs.schema.ts';
import { claimAbandoned, groupHeldForRelease, messagesOf, RELEASE_CLAIM_STALE_SECONDS } from '#shared/domain/notify/held-release.ts';
import type { NotificationEvent } from '#shared/domain/notify/notification.schema.ts';
import { updatedWithin, weekOf, weeklyDigestContent } from '#shared/use-cases/notify/weekly-digest.ts';
import type { Bill } from '#shared/domain/bills/bill.schema.ts';

describe('recipients', () => {
  it('gives each user one entry, with the bill follow mode winning over member and topic follows', () => {
    const merged = mergeRecipients(
      [
        { user_id: 'a', follow_mode: 'hold_boost' },
        { user_id: 'b', follow_mode: 'hold_veto' },
      ],
      [
        { user_id: 'a', follow_mode: null },
        { user_id: 'c', follow_mode: null },
        { user_id: 'c', follow_mode: null },
      ],
    );
    expect(merged.sort((x, y) => x.user_id.localeCompare(y.user_id))).toEqual([
      { user_id: 'a', mode: 'hold_boost' },
      { user_id: 'b', mode: 'hold_veto' },
      { user_id: 'c', mode: 'neutral' },
    ]);
  });

  it('splits 10,000 recipients into batches of 250', () => {
    const batches = chunk(
      Array.from({ length: 10_000 }, (_, i) => i),
      250,
    );
    expect(batches).toHaveLength(40);
    expect(batches.every((b) => b.length === 250)).toBe(true);
    expect(chunk([1, 2, 3], 2)).toEqual([[1, 2], [3]]);
  });
});

describe('alert filters', () => {
  it('dispatches everything when alert_filters is null', () => {
    for (const c of ACTION_CATEGORIES) expect(passesAlertFilters(null, 'hold_veto', c)).toBe(true);
  });

  it('blocks only an explicit false for the follow mode and category', () => {
    const filters = { neutral: { procedural: false, vote: true }, hold_veto: { referral: false } };
    expect(passesAlertFilters(filters, 'neutral', 'procedural')).toBe(false);
    expect(passesAlertFilters(filters, 'neutral', 'vote')).toBe(true);
    expect(passesAlertFilters(filters, 'neutral', 'calendar')).toBe(true);
    expect(passesAlertFilters(filters, 'hold_veto', 'procedural')).toBe(true);
    expect(passesAlertFilters(filters, 'hold_veto', 'referral')).toBe(false);
    expect(passesAlertFilters(filters, 'hold_boost', 'referral')).toBe(true);
  });

  it('lets a follow mode switch off status changes apart from the votes and presidential actions behind them', () => {
    const filters = AlertFilters().parse({ hold_veto: { status_changed: false }, neutral: { vote: false, presidential: false } });
    expect(passesAlertFilters(filters, 'hold_veto', 'status_changed')).toBe(false);
    expect(passesAlertFilters(filters, 'hold_veto', 'vote')).toBe(true);
    expect(passesAlertFilters(filters, 'neutral', 'status_changed')).toBe(true);
    expect(passesAlertFilters(filters, 'neutral', 'vote')).toBe(false);
  });

  it('issue 24 #12: filters a status change by what happened: the action behind it, and the status_changed category', () => {
    const filters = AlertFilters().parse({ hold_veto: { status_changed: false }, neutral: { vote: false } });
    const passed = { kind: 'status_changed' as const, action_category: 'vote' as const };
    // Vote alerts off: no "Passed the House" through the status change.
    expect(passesEventFilters(filters, 'neutral', passed)).toBe(false);
    expect(passesEventFilters(filters, 'hold_veto', passed)).toBe(false);
    expect(passesEventFilters(filters, 'hold_boost', passed)).toBe(true);
    expect(passesEventFilters(filters, 'neutral', { kind: 'status_changed', action_category: 'presidential' })).toBe(true);
    expect(passesEventFilters(filters, 'neutral', { kind: 'bill_updated', action_category: 'vote' })).toBe(false);
    expect(passesEventFilters(filters, 'hold_veto', { kind: 'bill_updated', action_category: 'vote' })).toBe(true);
  });

  it('checks every mode against every category independently', () => {
    for (const mode of ['neutral', 'hold_veto', 'hold_boost'] as const) {
      for (const c of ACTION_CATEGORIES) {
        expect(passesAlertFilters({ [mode]: { [c]: false } }, mode, c)).toBe(false);
        expect(passesAlertFilters({ [mode]: { [c]: true } }, mode, c)).toBe(true);
      }
    }
  });
});

describe('de-duplication window', () => {
  const now = new Date('2026-01-15T12:00:00Z');
  it('lets the first event claim the window and blocks another event within 30 minutes', () => {
    const mark = dedupeMark('e1', now);
    expect(mark.expires_at - now.getTime() / 1000).toBe(DEDUPE_WINDOW_SECONDS);
    expect(mayClaim(null, 'e1', now)).toBe(true);
    expect(mayClaim(mark, 'e2', new Date(now.getTime() + 29 * 60_000))).toBe(false);
  });

  it('recognises a redelivery of the same event and frees the window after 30 minutes', () => {
    const mark = dedupeMark('e1', now);
    expect(mayClaim(mark, 'e1', new Date(now.getTime() + 60_000))).toBe(true);
    expect(mayClaim(mark, 'e2', new Date(now.getTime() + 30 * 60_000))).toBe(true);
  });
});

describe('de-duplication subject (SPEC: a repeat is the same subject)', () => {
  const base = {
    event_id: 'e1',
    kind: 'bill_updated' as const,
    action_date: '2021-06-08',
    action_text: 'Passed Senate, under the order of 5/28/21, having achieved 60 votes in the affirmative, without amendment by Yea-Nay Vote. 68 - 32.',
    status: 'PASS_OVER:SENATE' as const,
    text_version: null,
    reintroduced_as: null,
    search_match: null,
  };
  it('tells two milestones of one bill apart: another action, another subject', () => {
    const reported = {
      ...base,
      event_id: 'e0',
      action_date: '2021-05-12',
      action_text: 'Committee on Commerce. Ordered to be reported.',
      status: 'REPORTED' as const,
    };
    expect(dedupeSubject(reported)).not.toBe(dedupeSubject(base));
    // Cloture and passage on days a week apart, neither changing the status the same way.
    expect(dedupeSubject({ ...base, action_date: '2021-05-17', action_text: 'Cloture invoked in Senate by Yea-Nay Vote. 86 - 11.', status: null })).not.toBe(
      dedupeSubject(base),
    );
  });

  it('takes a repeat of the same milestone for the same subject, whatever its event id, kind or spacing', () => {
    expect(dedupeSubject({ ...base, event_id: 'e2', action_text: `  ${base.action_text.toUpperCase()} ` })).toBe(dedupeSubject(base));
    // A status_changed queued before status changes were told as bill_updated reports the same milestone.
    expect(dedupeSubject({ ...base, event_id: 'e3', kind: 'status_changed' })).toBe(dedupeSubject(base));
    // Without an action, the status reached is the milestone.
    expect(dedupeSubject({ ...base, action_text: null, action_date: null })).toBe(
      dedupeSubject({ ...base, event_id: 'e4', action_text: null, action_date: null }),
    );
  });

  it('keys a text event on its version and leaves the weekly digest alone', () => {
    const text = { ...base, kind: 'new_document' as const, action_text: null, action_date: null, status: null, text_version: 'Introduced in House (ih)' };
    expect(dedupeSubject({ ...text, event_id: 'again' })).toBe(dedupeSubject(text));
    expect(dedupeSubject({ ...text, text_version: 'Engrossed in House (eh)' })).not.toBe(dedupeSubject(text));
    expect(dedupeSubject({ ...text, kind: 'new_amendment' })).not.toBe(dedupeSubject(text));
    expect(dedupeSubject({ ...base, kind: 'weekly_digest' })).toBeNull();
  });
});

describe('held events at release', () => {
  const held = (id: string, bill: string | null, kind: NotificationEvent['kind'], at: string) =>
    ({ event_id: id, bill_id: bill, kind, occurred_at: at }) as NotificationEvent;
  it('keeps every held event: one group per bill, oldest first, groups in order of their oldest event', () => {
    const groups = groupHeldForRelease([
      held('b', '118-hr-1', 'bill_updated', '2026-01-15T03:00:00Z'),
      held('a', '118-hr-1', 'bill_updated', '2026-01-15T01:00:00Z'),
      held('c', '118-hr-1', 'new_document', '2026-01-15T02:00:00Z'),
      held('d', '118-s-9', 'bill_updated', '2026-01-15T00:30:00Z'),
      held('w', null, 'weekly_digest', '2026-01-15T01:30:00Z'),
    ]);
    expect(groups.map((g) => g.map((e) => e.event_id))).toEqual([['d'], ['a', 'c', 'b'], ['w']]);
  });

  it('shares one message between channels that list the same events, and splits those that do not', () => {
    const [a, b] = [held('a', '118-hr-1', 'bill_updated', '1'), held('b', '118-hr-1', 'bill_updated', '2')];
    expect(
      messagesOf([
        { event: a, channels: ['push', 'email'] },
        { event: b, channels: ['push', 'email'] },
      ]),
    ).toEqual([{ channels: ['push', 'email'], events: [a, b] }]);
    expect(
      messagesOf([
        { event: a, channels: ['push', 'email'] },
        { event: b, channels: ['email'] },
      ]),
    ).toEqual([
      { channels: ['push'], events: [a] },
      { channels: ['email'], events: [a, b] },
    ]);
  });

  it('judges a release claim abandoned only once it is older than any run can live', () => {
    const claim = { id: 'run-1', at: '2026-01-15T07:15:00.000Z' };
    const at = (seconds: number) => new Date(Date.parse(claim.at) + seconds * 1000);
    expect(claimAbandoned(claim, at(15 * 60))).toBe(false);
    expect(claimAbandoned(claim, at(RELEASE_CLAIM_STALE_SECONDS))).toBe(false);
    expect(claimAbandoned(claim, at(RELEASE_CLAIM_STALE_SECONDS + 1))).toBe(true);
  });
});

describe('weekly digest rules', () => {
  const bill = (id: string, date: string | null) =>
    ({ id, label: 'H.R. 1', title: `Bill ${id}`, latest_action_date: date, latest_action_text: 'Passed House', update_date: null }) as Bill;
  const monday = new Date('2026-06-15T08:30:00Z');

  it('keeps followed bills updated in the past 7 days, newest first, with an id fixed per user and week', () => {
    const content = weeklyDigestContent('u1', [bill('118-hr-1', '2026-06-01'), bill('118-hr-2', '2026-06-09'), bill('118-hr-3', '2026-06-12')], monday);
    expect(content?.items.map((i) => i.bill_id)).toEqual(['118-hr-3', '118-hr-2']);
    expect(content?.event_id).toBe('weekly_digest:2026-06-15:u1');
    expect(content?.kind).toBe('weekly_digest');
  });

  it('has no digest when nothing moved', () => {
    expect(weeklyDigestContent('u1', [bill('118-hr-1', '2026-05-01'), bill('118-hr-2', null)], monday)).toBeNull();
    expect(updatedWithin({ latest_action_date: null, update_date: '2026-06-14T10:00:00Z' }, monday)).toBe(true);
  });

  it('names the week by its Monday', () => {
    expect(weekOf(new Date('2026-06-17T23:00:00Z'))).toBe('2026-06-15');
    expect(weekOf(new Date('2026-06-21T23:00:00Z'))).toBe('2026-06-15');
    expect(weekOf(new Date('2026-06-15T00:00:00Z'))).toBe('2026-06-15');
  });
});

describe('settings update', () => {
  const seal = (p: string) => `sealed(${p})`;
  const apply = (current: Partial<NotificationPrefs>, update: unknown) =>
    applySettingsUpdate({ ...defaultPrefs(), ...current }, NotificationSettingsUpdate().parse(update), seal);

  it('clears the time zone when quiet hours are cleared', () => {
    const { prefs, errors } = apply(
      { quiet_hours_start: 22, quiet_hours_end: 7, timezone: 'Europe/Berlin' },
      { quiet_hours_start: null, quiet_hours_end: null },
    );
    expect(errors).toEqual([]);
    expect(prefs.timezone).toBeNull();
  });

  it('keeps the time zone of a daily digest when quiet hours are empty (digests go out at 08:00 local)', () => {
    const { prefs, errors } = apply({}, { digest_mode: 'daily', timezone: 'America/New_York' });
    expect(errors).toEqual([]);
    expect(prefs).toMatchObject({ digest_mode: 'daily', timezone: 'America/New_York', quiet_hours_start: null });
    expect(apply(prefs, { email_enabled: false }).prefs.timezone).toBe('America/New_York');
  });

  it('keeps the time zone when quiet hours are cleared while a digest is on, or when the update sets a zone', () => {
    const quiet = { quiet_hours_start: 22, quiet_hours_end: 7, timezone: 'Europe/Berlin' } as const;
    expect(apply({ ...quiet, digest_mode: 'weekly' }, { quiet_hours_start: null, quiet_hours_end: null }).prefs.timezone).toBe('Europe/Berlin');
    expect(apply(quiet, { quiet_hours_start: null, quiet_hours_end: null, timezone: 'Asia/Tokyo' }).prefs.timezone).toBe('Asia/Tokyo');
  });

  it('clears the time zone when the app clears quiet hours and sends back every field, the stored zone among them (issue 32.4)', () => {
    const quiet = { quiet_hours_start: '22:00', quiet_hours_end: '07:00', timezone: 'Europe/Berlin' } as const;
    expect(apply(quiet, { quiet_hours_start: null, quiet_hours_end: null, timezone: 'Europe/Berlin', email_enabled: false }).prefs.timezone).toBeNull();
  });

  it('stores a time zone by its canonical name', () => {
    expect(apply({}, { timezone: 'us/pacific' }).prefs.timezone).toBe('America/Los_Angeles');
    expect(apply({}, { timezone: 'ASIA/TOKYO' }).prefs.timezone).toBe('Asia/Tokyo');
    // An alias of the stored zone is the stored zone: clearing quiet hours with it sets no zone.
    const quiet = { quiet_hours_start: 22, quiet_hours_end: 7, timezone: 'America/Los_Angeles' } as const;
    expect(apply(quiet, { quiet_hours_start: null, quiet_hours_end: null, timezone: 'US/Pacific' }).prefs.timezone).toBeNull();
  });

  it('refuses quiet hours that end when they start, saying why (issue 32.5)', () => {
    for (const [start, end] of [
      ['22:00', '22:00'],
      [22, '22:00'],
      [7, 7],
    ] as const) {
      const { errors } = apply({}, { quiet_hours_start: start, quiet_hours_end: end });
      expect(errors).toEqual([{ path: 'body.quiet_hours_end', message: expect.stringMatching(/end time different from the start/) }]);
    }
    expect(apply({}, { quiet_hours_start: '22:00', quiet_hours_end: '22:30' }).errors).toEqual([]);
  });

  it('refuses half a quiet-hours pair', () => {
    expect(apply({}, { quiet_hours_start: 22 }).errors[0]?.path).toBe('body.quiet_hours_end');
  });

  it('seals a new push password, keeps it when absent and clears it with null', () => {
    expect(apply({}, { push_password: 'pw' }).prefs.push_password_sealed).toBe('sealed(pw)');
    expect(apply({ push_password_sealed: 'x' }, { push_auth: 'basic' }).prefs.push_password_sealed).toBe('x');
    expect(apply({ push_password_sealed: 'x' }, { push_password: null }).prefs.push_password_sealed).toBeNull();
  });

  it('enables email only with an address (Save and Enable) and disables it when the address is removed', () => {
    expect(apply({}, { email_enabled: true }).errors[0]?.path).toBe('body.email_address');
    expect(apply({}, { email_enabled: true, email_address: 'A@Example.org ' }).prefs).toMatchObject({ email_enabled: true, email_address: 'a@example.org' });
    expect(apply({ email_enabled: true, email_address: 'a@example.org' }, { email_address: null }).prefs.email_enabled).toBe(false);
  });

  it('enables push only with a URL and the credentials its auth mode needs', () => {
    expect(apply({}, { push_enabled: true }).errors.map((e) => e.path)).toEqual(['body.push_url']);
    expect(apply({}, { push_enabled: true, push_url: 'https://ntfy.example.org/t', push_auth: 'token' }).errors.map((e) => e.path)).toEqual([
      'body.push_token',
    ]);
    expect(apply({}, { push_enabled: true, push_url: 'https://ntfy.example.org/t', push_auth: 'basic', push_username: 'me' }).errors).toEqual([]);
  });

  it('validates IANA zones, hours, URLs with a topic and unknown keys', () => {
    for (const bad of [
      { timezone: 'Mars/Base' },
      { quiet_hours_start: 24 },
      { push_url: 'https://ntfy.example.org/' },
      { push_url: 'ftp://x/t' },
      { push_password_set: true },
      { alert_filters: { neutral: { nope: false } } },
    ]) {
      expect(NotificationSettingsUpdate().safeParse(bad).success).toBe(false);
    }
    expect(NotificationSettingsUpdate().safeParse({ timezone: 'America/Chicago', alert_filters: { hold_veto: { vote: false } } }).success).toBe(true);
  });

  it('reads unreadable stored prefs key by key instead of failing', () => {
    expect(readPrefs({ push_enabled: 'yes', email_enabled: true, quiet_hours_start: 99 })).toMatchObject({
      push_enabled: false,
      email_enabled: true,
      quiet_hours_start: null,
    });
    expect(readPrefs(null)).toEqual(defaultPrefs());
  });
});
