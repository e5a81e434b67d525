import { describe, expect, it } from 'vitest';
import { billUpdatedEventId, milestoneAlert } from '#shared/use-cases/bills/milestone-alert.ts';

const VOTE = { action_date: '2019-02-13', action_text: 'On passage Passed by the Yeas and Nays: 248 - 177 (Roll no. 83).', action_category: 'vote' as const };
const NOW = new Date('2019-02-14T08:00:00Z');
const REPORTED = { status: 'REPORTED' as const, date: '2019-02-11', action_text: 'Reported by the Committee on Foreign Affairs. H. Rept. 116-7.' };

describe('issue 24 #12: a listed milestone is announced once', () => {
  it('is the status change when the actions task sent one for it', () => {
    expect(milestoneAlert('116-hjres-37', VOTE, [REPORTED], true, NOW)).toBeNull();
  });

  it('sends nothing again when the stored timeline already holds the status it caused (a redelivered task)', () => {
    const passed = { status: 'PASS_OVER:HOUSE' as const, date: VOTE.action_date, action_text: VOTE.action_text };
    expect(milestoneAlert('116-hjres-37', VOTE, [REPORTED, passed], false, NOW)).toBeNull();
  });

  it('is bill_updated, with an id fixed by the action, when it moved no status', () => {
    const event = milestoneAlert('116-hjres-37', VOTE, [REPORTED], false, NOW);
    expect(event).toEqual({
      v: 1,
      type: 'bill_event',
      event_id: billUpdatedEventId('116-hjres-37', VOTE.action_date, VOTE.action_text),
      kind: 'bill_updated',
      bill_id: '116-hjres-37',
      action_category: 'vote',
      occurred_at: NOW.toISOString(),
      action_text: VOTE.action_text,
      action_date: VOTE.action_date,
    });
    expect(milestoneAlert('116-hjres-37', VOTE, [REPORTED], false, new Date())?.event_id).toBe(event?.event_id);
  });
});
