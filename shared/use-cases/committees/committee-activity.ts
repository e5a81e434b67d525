/**
 * Notes the committee activity of newly stored actions (referrals and
 * reports naming a committee), for committee pages. Called before the
 * actions are inserted: the puts are idempotent, and a retry after a crash
 * between the two finds the actions still new and notes them again.
 */
import { putCommitteeActivity } from '#shared/adapters/db/committee-activity.repository.ts';
import type { BillAction } from '#shared/domain/bills/action.schema.ts';
import { committeeActivitiesOf } from '#shared/domain/committees/committee-activity.ts';

export async function noteCommitteeActivity(actions: readonly BillAction[]): Promise<number> {
  const activity = actions.flatMap(committeeActivitiesOf);
  if (activity.length) await putCommitteeActivity(activity);
  return activity.length;
}
