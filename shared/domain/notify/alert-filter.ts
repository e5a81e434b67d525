/**
 * Alert filtering: alert_filters[follow mode][action category] says whether a
 * follower of that mode hears about that kind of action. Null filters, or a
 * mode or category without an entry, mean "dispatch" — only an explicit false
 * holds an event back.
 */
import type { ActionCategory, FollowMode } from '#shared/domain/bills/action-categories.ts';
import type { AlertFilters } from './prefs.schema.ts';

/** Whether an event of `category` reaches a follower of `mode` under `filters`. */
export function passesAlertFilters(filters: AlertFilters, mode: FollowMode, category: ActionCategory): boolean {
  if (!filters) return true;
  return filters[mode]?.[category] !== false;
}
