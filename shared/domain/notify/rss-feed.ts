/**
 * Renders a user's notification feed as RSS 2.0: one item per event that
 * reached the RSS channel, newest first, with the event kind as the item's
 * category (so the weekly digest appears as a weekly_digest item).
 */
import type { NotificationEvent } from './notification.schema.ts';
import { renderEvent } from './render.ts';
import { escapeXml } from './escape-xml.ts';

const el = (name: string, value: string) => `<${name}>${escapeXml(value)}</${name}>`;

/**
 * When the feed last changed: its newest event's time, or the epoch for an
 * empty feed (whose content never changes until its first event). The
 * document's lastBuildDate and the HTTP Last-Modified, so an unchanged feed is
 * byte for byte the same and revalidates as a 304.
 */
export function feedLastModified(events: NotificationEvent[]): Date {
  const newest = Math.max(0, ...events.map((e) => Date.parse(e.created_at)).filter(Number.isFinite));
  return new Date(newest);
}

/** The RSS 2.0 document of `events` (already filtered to the RSS channel). */
export function renderFeed(events: NotificationEvent[], args: { publicUrl: string; feedUrl: string; now: Date }): string {
  const items = events.map((e) => {
    const m = renderEvent(e, e.mode, args.publicUrl);
    return [
      '<item>',
      el('title', m.title),
      el('link', m.click),
      el('description', m.body),
      el('category', e.kind),
      `<guid isPermaLink="false">${escapeXml(`${e.event_id}`)}</guid>`,
      el('pubDate', new Date(e.created_at).toUTCString()),
      '</item>',
    ].join('');
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    '<channel>',
    el('title', 'BillWatch notifications'),
    el('link', `${args.publicUrl}/notifications`),
    el('description', 'Updates on the bills, members and topics you follow'),
    ...(events.length ? [el('lastBuildDate', feedLastModified(events).toUTCString())] : []),
    `<atom:link href="${escapeXml(args.feedUrl)}" rel="self" type="application/rss+xml"/>`,
    ...items,
    '</channel>',
    '</rss>',
    '',
  ].join('\n');
}
