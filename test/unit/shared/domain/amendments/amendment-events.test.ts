import { describe, expect, it } from 'vitest';
import { amendmentEvents, NEWS_DAYS } from '#shared/domain/amendments/amendment-events.ts';
import { amendmentRecord, type AmendmentInput } from '#shared/domain/amendments/amendment-record.ts';
import type { NotificationContent } from '#shared/domain/notify/notification.schema.ts';
import { renderEvent, whatHappened } from '#shared/domain/notify/render.ts';

const input = (over: Partial<AmendmentInput> = {}): AmendmentInput => ({
  congress: 117,
  type: 'samdt',
  number: 2137,
  sponsor: null,
  cosponsor_count: null,
  purpose: 'In the nature of a substitute.',
  description: null,
  amended_bill: { congress: 117, type: 'HR', number: 3684, title: 'Infrastructure Investment and Jobs Act' },
  amended_amendment: null,
  amended_treaty: null,
  submitted_date: '2021-08-01',
  proposed_date: '2021-08-01',
  latest_action: null,
  actions: [
    {
      action_date: '2021-08-01',
      action_time: null,
      text: 'Amendment SA 2137 proposed by Senator Schumer.',
      action_code: null,
      source: null,
      recorded_votes: [],
    },
  ],
  text_versions: [],
  update_date: null,
  provenance: { source: 'congress.gov', fetched_at: '2021-08-09T00:00:00Z' },
  ...over,
});
const agreed = {
  action_date: '2021-08-08',
  action_time: null,
  text: 'Amendment SA 2137 agreed to in Senate by Yea-Nay Vote. 69 - 28.',
  action_code: null,
  source: null,
  recorded_votes: [],
};
const NOW = new Date('2021-08-09T12:00:00Z');

describe('amendment events', () => {
  it('tells of a decision once, as a vote on the bill, while it is news', () => {
    const before = amendmentRecord(input());
    const after = amendmentRecord(input({ actions: [agreed, ...input().actions] }));
    expect(amendmentEvents(before, after, NOW)).toEqual([
      {
        kind: 'bill_updated',
        event_id: 'amendment:117-samdt-2137:agreed_to',
        action_category: 'vote',
        action_text: agreed.text,
        action_date: '2021-08-08',
        amendment: { id: '117-samdt-2137', label: 'S.Amdt. 2137', status: 'agreed_to' },
      },
    ]);
    // Fetched again: nothing new.
    expect(amendmentEvents(after, after, NOW)).toEqual([]);
    // Seen first long after: history.
    expect(amendmentEvents(null, after, new Date(Date.parse('2021-08-08T00:00:00Z') + (NEWS_DAYS + 1) * 86_400_000))).toEqual([]);
  });

  it('tells nothing of an offer or a withdrawal', () => {
    const before = amendmentRecord(input());
    const withdrawn = { ...agreed, text: 'Proposed amendment SA 2137 withdrawn in Senate.' };
    expect(amendmentEvents(before, amendmentRecord(input({ actions: [withdrawn, ...input().actions] })), NOW)).toEqual([]);
  });

  it('tells of each new text version once', () => {
    const v1 = { type: 'Submitted', date: '2021-08-01', formats: [] };
    const v2 = { type: 'Modified', date: '2021-08-09', formats: [] };
    const before = amendmentRecord(input({ text_versions: [v1] }));
    const after = amendmentRecord(input({ text_versions: [v2, v1] }));
    expect(amendmentEvents(before, after, NOW)).toEqual([
      expect.objectContaining({
        kind: 'new_amendment',
        event_id: 'amendment:117-samdt-2137:text:Modified#2021-08-09',
        text_version: 'S.Amdt. 2137: Modified, 2021-08-09',
      }),
    ]);
    expect(amendmentEvents(after, after, NOW)).toEqual([]);
  });

  it('renders as a message that names the amendment and opens its page', () => {
    const content: NotificationContent = {
      event_id: 'amendment:117-samdt-2137:text:Modified#2021-08-09',
      kind: 'new_amendment',
      occurred_at: NOW.toISOString(),
      bill_id: '117-hr-3684',
      bill_label: 'H.R. 3684',
      bill_title: 'Infrastructure Investment and Jobs Act',
      summary: null,
      action_category: 'new_amendment',
      action_text: 'Text of S.Amdt. 2137: Modified, 2021-08-09 published',
      action_date: '2021-08-09',
      status: null,
      previous_status: null,
      text_version: 'S.Amdt. 2137: Modified, 2021-08-09',
      items: [],
      amendment: { id: '117-samdt-2137', label: 'S.Amdt. 2137', status: 'agreed_to' },
    };
    expect(whatHappened(content)).toBe('New amendment text: S.Amdt. 2137: Modified, 2021-08-09');
    expect(renderEvent(content, 'neutral', 'https://billwatch.example.org').click).toBe('https://billwatch.example.org/amendments/117-samdt-2137');
  });
});
