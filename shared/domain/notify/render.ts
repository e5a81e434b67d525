/**
 * Renders an event into the channel-neutral message every channel sends:
 * title, body, click URL, push priority, tags and actions. Push titles are
 * ASCII only (they travel in an HTTP header) and name the event (a
 * milestone that changed the status by the new status in plain words:
 * "Passed the House 416-0: HR 3076", sent as bill_updated at its high
 * priority with the siren tag, as SPEC's seed says); bodies keep their text: the first line is the bill's full name
 * (SPEC.md, push), the next says what happened (the action and its date, the
 * new text version, or the later bill that reintroduces it), then the brief's
 * summary. One status change is one alert carrying both the status and the
 * action that made it (issue 24 #12). Digest lines say what happened too, as
 * the immediate alerts do.
 */
import type { FollowMode } from '#shared/domain/bills/action-categories.ts';
import { DIGEST_BUNDLE, EVENT_KINDS, PUSH_SUMMARY_MAX, type PushPriority } from './event-kinds.ts';
import { meetingHeadline, meetingWords } from './meeting-words.ts';
import type { ForecastJumpDetail, NotificationContent, SearchMatchDetail } from './notification.schema.ts';
import { oddsInWords, percentWords } from '#shared/domain/bill-forecast/odds-words.ts';
import { statusInWords } from './status-words.ts';
import { congressOrdinal } from '#shared/domain/bills/reintroduction.ts';
import { billLabel } from '#shared/domain/bills/bill-id.ts';
import { BILL_TYPES, type BillType } from '#shared/domain/bills/bill-types.ts';

const isBillType = (t: string | undefined): t is BillType => (BILL_TYPES as readonly (string | undefined)[]).includes(t);

export interface PushAction {
  action: 'view';
  label: string;
  url: string;
}

export interface RenderedMessage {
  title: string;
  body: string;
  click: string;
  priority: PushPriority;
  tags: readonly string[];
  actions: PushAction[];
}

/** Drops accents and every character outside printable ASCII (headers cannot carry them, nor CR/LF). */
export function toAscii(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[\u2013\u2014]/g, '-')
    .replace(/\s+/g, ' ')
    .replace(/[^\x20-\x7e]/g, '')
    .trim();
}

/** Cuts text to at most `max` characters (code points), ending in "..." when cut. */
export function cutText(text: string, max: number): string {
  const chars = Array.from(text.trim());
  if (chars.length <= max) return chars.join('');
  return `${chars
    .slice(0, max - 3)
    .join('')
    .trimEnd()}...`;
}

/** The bill's label as the app shows it ("H.R. 3076", "S. 2848"); from the id "118-hr-3076" when no label is stored. */
export function billIdentifier(label: string | null, billId: string | null): string {
  if (label) return toAscii(label);
  const m = /^\d+-([a-z]+)-(\d+)$/.exec(billId ?? '');
  const type = m?.[1];
  return m && isBillType(type) ? billLabel(type, Number(m[2])) : '';
}

export const billUrl = (publicUrl: string, billId: string) => `${publicUrl}/bills/${encodeURIComponent(billId)}`;
export const amendmentUrl = (publicUrl: string, amendmentId: string) => `${publicUrl}/amendments/${encodeURIComponent(amendmentId)}`;
/** A meeting's page in the app. */
export const meetingUrl = (publicUrl: string, meetingId: string) => `${publicUrl}/meetings/${encodeURIComponent(meetingId)}`;
const dashboardUrl = (publicUrl: string) => `${publicUrl}/dashboard`;

/** The "Write to your representative" action hold_boost followers get: they want the bill passed. */
export const letterAction = (publicUrl: string, billId: string): PushAction => ({
  action: 'view',
  label: 'Write to your representative',
  url: `${billUrl(publicUrl, billId)}?letter=1`,
});

/**
 * The one-tap follow a reintroduced event offers: the later bill's page with
 * `?follow=1`, which the client turns into a follow (with the earlier
 * follow's stance) on open; push shows it as an action, email as a link.
 */
export const followAction = (publicUrl: string, billId: string, label: string): PushAction => ({
  action: 'view',
  // The push Actions header separates fields with commas and actions with semicolons: the label holds neither.
  label: `Follow ${billIdentifier(label, billId)}`,
  url: `${billUrl(publicUrl, billId)}?follow=1`,
});

/** "Reintroduced in the 119th Congress as H.R. 1234". */
export const reintroducedWords = (later: { congress: number; label: string }) =>
  `Reintroduced in the ${congressOrdinal(later.congress)} Congress as ${later.label}`;

function digestLines(content: NotificationContent): string[] {
  return content.items.map((i) => {
    const action = i.latest_action_text ? ` (${i.latest_action_date ?? ''} ${i.latest_action_text})`.replace('( ', '(') : '';
    return `${billIdentifier(i.bill_label, i.bill_id)}: ${i.bill_title}${action}`;
  });
}

/**
 * The event itself in words: "2026-01-15: Passed Senate by Yea-Nay Vote. 68-31",
 * "2026-01-15: Passed the House 416–0", "New text: Engrossed in House (eh)".
 */
export function whatHappened(content: NotificationContent, timeZone?: string | null): string | null {
  if (content.kind === 'scheduled') return content.meeting ? meetingWords(content.meeting, timeZone) : null;
  const dated = (text: string) => `${content.action_date ? `${content.action_date}: ` : ''}${text}`;
  if (isMilestone(content)) {
    if (content.status) return dated(`${statusInWords(content.status, content.action_text)}${content.action_text ? ` (${content.action_text})` : ''}`);
    return content.action_text ? dated(content.action_text) : null;
  }
  if (content.kind === 'new_document' || content.kind === 'new_amendment') {
    const prefix = content.kind === 'new_document' ? 'New text' : content.amendment ? 'New amendment text' : 'New version';
    return content.text_version ? `${prefix}: ${content.text_version}` : (content.action_text ?? null);
  }
  if (content.kind === 'reintroduced') return content.reintroduced_as ? reintroducedWords(content.reintroduced_as) : null;
  if (content.kind === 'search_match') return content.search_match ? searchMatchWords(content.search_match) : null;
  if (content.kind === 'forecast_jump') return content.forecast_jump ? forecastJumpWords(content.forecast_jump) : null;
  return null;
}

/** The snippet (HTML: matched words in <mark>, the rest escaped) as plain text, as every channel renders a message. */
const snippetText = (snippet: string): string =>
  snippet
    .replace(/<\/?mark>/gu, '')
    .replace(/&lt;/gu, '<')
    .replace(/&gt;/gu, '>')
    .replace(/&quot;/gu, '"')
    .replace(/&amp;/gu, '&');

/** "Matches your search "rural broadband" in Sec. 3: … grants for rural broadband towers …". */
function searchMatchWords(m: SearchMatchDetail): string {
  return `Matches your search "${m.query}" in ${m.section}: ${snippetText(m.snippet)}`;
}

/** A milestone: bill_updated, or status_changed as events stored before status changes were told as bill_updated read. */
const isMilestone = (content: Pick<NotificationContent, 'kind'>) => content.kind === 'bill_updated' || content.kind === 'status_changed';

/** "Chance of becoming law rose from about 1 in 20 (5%) to about 1 in 5 (20%), forecast of 2026-12-07". */
export function forecastJumpWords(j: ForecastJumpDetail): string {
  const odds = (p: number) => `${oddsInWords(p)} (${percentWords(p)})`;
  return `Chance of becoming law ${j.to >= j.from ? 'rose' : 'fell'} from ${odds(j.from)} to ${odds(j.to)}, forecast of ${j.as_of}`;
}

/** A status change's title label: its new status in words, up to any "; …" ("Passed the House 416–0"). */
function statusHeadline(content: NotificationContent): string | null {
  if (!isMilestone(content) || !content.status) return null;
  return statusInWords(content.status, content.action_text ?? null).split(';')[0] ?? null;
}

/** The line under the bill's name: what happened; for a status change named in the title, the action that made it. */
function eventLine(content: NotificationContent, timeZone?: string | null): string | null {
  if (statusHeadline(content) && content.action_text) return `${content.action_date ? `${content.action_date}: ` : ''}${content.action_text}`;
  return whatHappened(content, timeZone);
}

/**
 * The message for one event, as a follower of `mode` (null for events without
 * a follow, e.g. the weekly digest); `timeZone` (the user's IANA zone) is the
 * clock a meeting's time is told in (Washington's when absent).
 */
export function renderEvent(content: NotificationContent, mode: FollowMode | null, publicUrl: string, timeZone?: string | null): RenderedMessage {
  const kind = EVENT_KINDS[content.kind];
  if (content.kind === 'weekly_digest') {
    const n = content.items.length;
    return {
      title: toAscii(`${kind.label}: ${n} followed bill${n === 1 ? '' : 's'} updated`),
      body: digestLines(content).join('\n'),
      click: dashboardUrl(publicUrl),
      priority: kind.priority,
      tags: kind.tags,
      actions: [],
    };
  }
  const billId = content.bill_id ?? '';
  const event = eventLine(content, timeZone);
  const later = content.kind === 'reintroduced' ? content.reintroduced_as : null;
  const meeting = content.kind === 'scheduled' ? (content.meeting ?? null) : null;
  if (meeting) {
    // A meeting of several bills (or of a followed committee) is named by its committees; its page lists the bills.
    const subject = content.bill_id ? billIdentifier(content.bill_label, content.bill_id) : meeting.committees.join(', ') || meeting.chamber;
    return {
      title: toAscii(`${meetingHeadline(meeting)}: ${subject}`),
      body: [content.bill_title ?? meeting.title, ...(event ? [cutText(event, PUSH_SUMMARY_MAX)] : [])].join('\n'),
      click: meetingUrl(publicUrl, meeting.id),
      priority: kind.priority,
      tags: kind.tags,
      actions: mode === 'hold_boost' && billId ? [letterAction(publicUrl, billId)] : [],
    };
  }
  return {
    title: toAscii(`${statusHeadline(content) ?? kind.label}: ${billIdentifier(content.bill_label, content.bill_id)}`),
    body: [
      content.bill_title ?? billId,
      ...(event ? [cutText(event, PUSH_SUMMARY_MAX)] : []),
      ...(content.summary ? [cutText(content.summary, PUSH_SUMMARY_MAX)] : []),
    ].join('\n'),
    // A reintroduction opens the later bill, where the story goes on, and offers to follow it; an amendment event, the amendment.
    click: content.amendment ? amendmentUrl(publicUrl, content.amendment.id) : billUrl(publicUrl, later ? later.bill_id : billId),
    priority: kind.priority,
    tags: kind.tags,
    actions: later ? [followAction(publicUrl, later.bill_id, later.label)] : mode === 'hold_boost' && billId ? [letterAction(publicUrl, billId)] : [],
  };
}

const PRIORITY_RANK: Record<PushPriority, number> = { low: 0, default: 1, high: 2 };

/**
 * One message for a user's events of one bill held by quiet hours: a single
 * event renders as itself; several become "3 updates on HR 3076" with the
 * bill's name, then one line per event, oldest first (what happened, or the
 * kind's label), then the newest summary. Nothing is left out: the message
 * stands for every event it lists. Priority and tags are the most urgent
 * event's; the letter action follows the newest event's follow mode.
 */
export function renderHeldBundle(
  events: ReadonlyArray<NotificationContent & { mode: FollowMode | null }>,
  publicUrl: string,
  timeZone?: string | null,
): RenderedMessage {
  const [first] = events;
  const last = events.at(-1);
  if (!first || !last) throw new Error('renderHeldBundle needs at least one event');
  if (events.length === 1) return renderEvent(first, first.mode, publicUrl, timeZone);
  const urgent = events.reduce((a, b) => (PRIORITY_RANK[EVENT_KINDS[b.kind].priority] > PRIORITY_RANK[EVENT_KINDS[a.kind].priority] ? b : a));
  const summary = [...events].reverse().find((e) => e.summary)?.summary ?? null;
  const billId = last.bill_id ?? '';
  const lines = events.map((e) => cutText(whatHappened(e, timeZone) ?? EVENT_KINDS[e.kind].label, PUSH_SUMMARY_MAX));
  return {
    title: toAscii(`${events.length} updates on ${billIdentifier(last.bill_label, last.bill_id)}`),
    body: [last.bill_title ?? billId, ...lines, ...(summary ? [cutText(summary, PUSH_SUMMARY_MAX)] : [])].join('\n'),
    click: billId ? billUrl(publicUrl, billId) : dashboardUrl(publicUrl),
    priority: EVENT_KINDS[urgent.kind].priority,
    tags: EVENT_KINDS[urgent.kind].tags,
    actions: last.mode === 'hold_boost' && billId ? [letterAction(publicUrl, billId)] : [],
  };
}

/**
 * One digest line per event: "Bill Updated: HR 3076 - {name} (2026-01-15:
 * Passed Senate ...)", saying what happened as the alert would; a weekly
 * digest folded into a weekly-digest user's bundle lists its bills below it.
 */
function digestBundleLines(e: NotificationContent, publicUrl: string, timeZone?: string | null): string[] {
  const m = renderEvent(e, null, publicUrl, timeZone);
  if (e.kind === 'weekly_digest') return [m.title, ...digestLines(e).map((l) => `  ${l}`)];
  const happened = eventLine(e, timeZone);
  return [`${m.title} - ${e.bill_title ?? ''}${happened ? ` (${cutText(happened, PUSH_SUMMARY_MAX)})` : ''}`.trim()];
}

/** One message bundling the events held for a user's digest. */
export function renderDigestBundle(events: NotificationContent[], mode: 'daily' | 'weekly', publicUrl: string, timeZone?: string | null): RenderedMessage {
  const lines = events.flatMap((e) => digestBundleLines(e, publicUrl, timeZone));
  const n = events.length;
  return {
    title: toAscii(`${DIGEST_BUNDLE.label} (${mode}): ${n} update${n === 1 ? '' : 's'}`),
    body: lines.join('\n'),
    click: dashboardUrl(publicUrl),
    priority: DIGEST_BUNDLE.priority,
    tags: DIGEST_BUNDLE.tags,
    actions: [],
  };
}
