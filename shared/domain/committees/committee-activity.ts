/**
 * A committee's part in a bill's history: the bill was referred to it, or it
 * reported the bill (or was discharged of it), read from the bill's actions
 * that name the committee (categories referral and committee_report,
 * docs/product-rules.md). An action naming a subcommittee counts for its
 * full committee too.
 */
import type { BillAction } from '#shared/domain/bills/action.schema.ts';
import { parentCommitteeCode } from '#shared/domain/schedule/committee-code.ts';

export interface CommitteeActivity {
  committee_id: string;
  bill_id: string;
  kind: 'referral' | 'report';
  date: string;
  action_text: string;
}

const KINDS: Partial<Record<BillAction['category'], CommitteeActivity['kind']>> = { referral: 'referral', committee_report: 'report' };

/** The committee activity one action records (none for other actions, or actions naming no committee). */
export function committeeActivitiesOf(action: Pick<BillAction, 'bill_id' | 'action_date' | 'action_text' | 'category' | 'committees'>): CommitteeActivity[] {
  const kind = KINDS[action.category];
  if (!kind || !action.committees?.length) return [];
  const codes = new Set(action.committees.flatMap((c) => [c, parentCommitteeCode(c)].filter((x): x is string => x !== null)));
  return [...codes].map((committee_id) => ({
    committee_id,
    bill_id: action.bill_id,
    kind,
    date: action.action_date.slice(0, 10),
    action_text: action.action_text,
  }));
}
