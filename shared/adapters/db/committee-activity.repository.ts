/**
 * Committee activity (docs/data-model.md C4): one item per (committee, date,
 * bill, kind) under COMMITTEEACTIVITY#{committee_id}, so a committee page
 * reads its latest referrals and reports with one Query, newest first.
 * Written with plain Puts: the key is the fact, so a repeat writes the same item.
 */
import type { CommitteeActivity } from '#shared/domain/committees/committee-activity.ts';
import { batchWrite, queryPage } from './dynamo.ts';
import { query } from './expressions.ts';
import { committeeKeys } from './keys/committee.keys.ts';
import { entityItem } from './entities.ts';

export async function putCommitteeActivity(activity: readonly CommitteeActivity[]): Promise<void> {
  const unique = new Map(activity.map((a) => [JSON.stringify(committeeKeys.activity(a)), a]));
  await batchWrite([...unique.values()].map((a) => ({ put: entityItem('committee_activity', committeeKeys.activity(a), { ...a }) })));
}

/** The committee's latest referrals and reports, newest first. */
export async function listCommitteeActivity(committeeId: string, limit: number): Promise<CommitteeActivity[]> {
  const page = await queryPage({ ...query({ pk: committeeKeys.activityPartition(committeeId) }), ScanIndexForward: false, Limit: limit });
  return page.items.map((i) => ({
    committee_id: String(i.committee_id),
    bill_id: String(i.bill_id),
    kind: i.kind === 'report' ? 'report' : 'referral',
    date: String(i.date),
    action_text: String(i.action_text),
  }));
}
