/**
 * Alert filtering: alert_filters[follow mode][action category] says whether a
 * follower of that mode hears about that kind of action. Null filters, or a
 * mode or category without an entry, mean "dispatch" — only an explicit false
 * holds an event back. A milestone that changed the status (a bill_updated
 * carrying `status`) is filtered by what happened: the category of the
 * action that caused it (a vote's "Passed the House" is a vote, silenced
 * with votes) and the status_changed category.
 */
import type { ActionCategory, FollowMode } from '#shared/domain/bills/action-categories.ts';
import type { AlertFilters } from './prefs.schema.ts';
import type { NotificationContent } from './notification.schema.ts';

/** Whether an event of `category` reaches a follower of `mode` under `filters`. */
export function passesAlertFilters(filters: AlertFilters, mode: FollowMode, category: ActionCategory): boolean {
  if (!filters) return true;
  return filters[mode]?.[category] !== false;
}

/** Whether an event reaches a follower of `mode`: its action's category, and for a status change the status_changed category too. */
export function passesEventFilters(
  filters: AlertFilters,
  mode: FollowMode,
  content: Pick<NotificationContent, 'kind' | 'action_category'> & Partial<Pick<NotificationContent, 'status'>>,
): boolean {
  const statusChange = content.kind === 'status_changed' || (content.kind === 'bill_updated' && Boolean(content.status));
  const categories: ActionCategory[] = [
    ...(content.action_category ? [content.action_category] : []),
    ...(statusChange && content.action_category !== 'status_changed' ? (['status_changed'] as const) : []),
  ];
  return categories.every((c) => passesAlertFilters(filters, mode, c));
}
