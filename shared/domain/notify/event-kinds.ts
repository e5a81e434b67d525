/**
 * The presentation of each event kind in one table (docs/product-rules.md):
 * its label, push priority and push tags. Changing a tag or a label is one
 * edit here.
 */
import type { NotificationKind } from './notification.schema.ts';

export type PushPriority = 'high' | 'default' | 'low';

export interface KindPresentation {
  label: string;
  priority: PushPriority;
  tags: readonly string[];
}

export const EVENT_KINDS: Record<NotificationKind, KindPresentation> = {
  new_document: { label: 'New Bill Text', priority: 'default', tags: ['page'] },
  new_amendment: { label: 'New Amendment', priority: 'default', tags: ['memo'] },
  bill_updated: { label: 'Bill Updated', priority: 'high', tags: ['siren'] },
  // No longer produced (a status change is told as bill_updated); events stored before read as one.
  status_changed: { label: 'Bill Updated', priority: 'high', tags: ['siren'] },
  reintroduced: { label: 'Reintroduced', priority: 'default', tags: ['recycle'] },
  search_match: { label: 'Saved Search Match', priority: 'default', tags: ['mag'] },
  scheduled: { label: 'Scheduled', priority: 'default', tags: ['date'] },
  forecast_jump: { label: 'Odds Changed', priority: 'default', tags: ['bar_chart'] },
  weekly_digest: { label: 'Weekly Digest', priority: 'low', tags: ['newspaper', 'calendar'] },
};

/** A held-event digest (digest_mode daily or weekly) bundles events into one message. */
export const DIGEST_BUNDLE: KindPresentation = { label: 'Your BillWatch digest', priority: 'default', tags: ['newspaper'] };

/** ntfy's JSON publish wants numeric priorities (5 max … 1 min). */
export const PRIORITY_NUMBER: Record<PushPriority, number> = { high: 4, default: 3, low: 2 };

/** The push body's summary is cut to this many characters, so a push stays readable on a lock screen. */
export const PUSH_SUMMARY_MAX = 300;
