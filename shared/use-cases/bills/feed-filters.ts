/** The one rule every change feed (bills, members, committees, meetings) applies to the filters it is given. */
import { InvalidInputError } from '#shared/errors/app-error.ts';

/** Refuses filters a feed cannot apply, naming them (every change feed: bills, members, committees, meetings). */
export function onlyFeedFilters(others: Record<string, unknown>, feed: string): void {
  const used = Object.entries(others)
    .filter(([, v]) => v !== undefined)
    .map(([k]) => k);
  if (used.length === 0) return;
  throw new InvalidInputError(
    `The ${feed} change feed (sort=updated_asc or changed_since) takes no other filter; drop ${used.join(', ')}`,
    used.map((k) => ({ path: `query.${k}`, message: 'not applied by the change feed' })),
    'list.change_feed_filter',
  );
}
