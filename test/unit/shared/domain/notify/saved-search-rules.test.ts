import { describe, expect, it } from 'vitest';
import { renderEvent } from '#shared/domain/notify/render.ts';
import type { NotificationContent } from '#shared/domain/notify/notification.schema.ts';
import { WebhookPayload, webhookPayload } from '#shared/domain/notify/webhook-payload.ts';
import { passesEventFilters } from '#shared/domain/notify/alert-filter.ts';
import { parseFollowId } from '#shared/domain/personal/follow.schema.ts';
import { matchableQuery, SavedSearchFilters, savedSearchIdentity } from '#shared/domain/search/saved-search.schema.ts';
import { parseQuery } from '#shared/domain/search/search-query.ts';
import { savedSearchKey } from '#shared/use-cases/personal/follows.ts';

const match: NotificationContent = {
  event_id: 'search_match:0123456789abcdef0123:119-hr-10:ih',
  kind: 'search_match',
  occurred_at: '2026-05-20T10:00:00.000Z',
  bill_id: '119-hr-10',
  bill_label: 'H.R. 10',
  bill_title: 'Connecting Farms Act',
  summary: null,
  action_category: 'search_match',
  action_text: null,
  action_date: null,
  status: null,
  previous_status: null,
  text_version: null,
  items: [],
  search_match: {
    follow_id: 'search:0123456789abcdef0123',
    query: 'rural broadband',
    version: 'ih',
    section: 'Sec. 3',
    snippet: 'grants for <mark>rural</mark> <mark>broadband</mark> towers &amp; more',
  },
};

describe('a saved search', () => {
  it('is one follow whatever the case, spacing or order of its filters', () => {
    const a = savedSearchKey({ q: '  Rural   Broadband ', filters: { congress: 119, has_document: true } });
    const b = savedSearchKey({ q: 'rural broadband', filters: { has_document: true, congress: 119 } });

    expect(a).toBe(b);
    expect(a).toMatch(/^[0-9a-f]{20}$/u);
    expect(savedSearchKey({ q: 'rural broadband', filters: { congress: 118 } })).not.toBe(a);
    expect(savedSearchIdentity({ q: '"rural broadband"', filters: {} })).not.toBe(savedSearchIdentity({ q: 'rural broadband', filters: {} }));
    expect(parseFollowId(`search:${a}`)).toEqual({ type: 'search', targetId: a });
  });

  it('matches its last word whole, where the search box takes it as a prefix', () => {
    expect(parseQuery('rural tow').at(-1)?.prefix).toBe(true);
    expect(parseQuery(matchableQuery('rural tow')).at(-1)?.prefix).toBe(false);
  });

  it('keeps filters as the engine takes them and refuses unknown ones', () => {
    expect(SavedSearchFilters().parse({ congress: 119, has_document: false, from: '2025-01-01' })).toEqual({
      congress: 119,
      has_document: false,
      from: '2025-01-01',
    });
    expect(SavedSearchFilters().safeParse({ has_document: 'true' }).success).toBe(false);
    expect(SavedSearchFilters().safeParse({ sort: 'date' }).success).toBe(false);
  });
});

describe('a search_match notification', () => {
  it('says which search matched and where, in plain text', () => {
    const m = renderEvent(match, 'neutral', 'https://bw.example');

    expect(m.title).toBe('Saved Search Match: H.R. 10');
    expect(m.body).toBe('Connecting Farms Act\nMatches your search "rural broadband" in Sec. 3: grants for rural broadband towers & more');
    expect(m.click).toBe('https://bw.example/bills/119-hr-10');
  });

  it('is a webhook event of its own type, valid against the schema', () => {
    const payload = webhookPayload(
      { reason: 'event', events: [{ ...match, mode: 'neutral' }] },
      'msg_1',
      new Date('2026-05-20T10:00:01Z'),
      'https://bw.example',
    );

    expect(WebhookPayload().parse(payload)).toEqual(payload);
    expect(payload).toMatchObject({ type: 'bill.search_match', data: { search_match: { query: 'rural broadband', section: 'Sec. 3' } } });
  });

  it('is held back by an alert filter on search_match for the neutral column, and only by it', () => {
    expect(passesEventFilters({ neutral: { search_match: false } }, 'neutral', match)).toBe(false);
    expect(passesEventFilters({ neutral: { new_document: false } }, 'neutral', match)).toBe(true);
  });
});
