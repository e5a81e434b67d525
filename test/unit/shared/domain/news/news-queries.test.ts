/**
 * How bills and members are searched for in the news, and how an article is
 * matched back to a query (the attribution of a shared news search call).
 */
import { describe, expect, it } from 'vitest';
import type { Bill } from '#shared/domain/bills/bill.schema.ts';
import { stateName } from '#shared/domain/members/state-codes.ts';
import { billNewsQuery, displayName, MAX_TITLE_PHRASE, memberNewsQuery } from '#shared/domain/news/news-queries.ts';
import { mentions, normaliseText } from '#shared/domain/news/query-match.ts';

const bill = (over: Partial<Bill> = {}): Bill => ({
  id: '118-hr-3076',
  congress: 118,
  type: 'hr',
  number: 3076,
  label: 'H.R. 3076',
  title: 'To provide stability to and enhance the services of the United States Postal Service',
  short_title: 'Postal Service Reform Act of 2022',
  chamber: 'house',
  introduced_date: '2021-05-11',
  sponsor_id: null,
  sponsor: null,
  bill_category: null,
  policy_area: null,
  latest_action_date: null,
  latest_action_text: null,
  latest_action_category: null,
  congress_gov_url: null,
  has_document: false,
  document_status: 'no_text',
  status: 'INTRODUCED',
  status_timeline: [],
  topic_tags: [],
  update_date: null,
  updated_at: null,
  provenance: { source: 'test', fetched_at: '2025-01-01T00:00:00Z' },
  ...over,
});

describe('billNewsQuery', () => {
  it('searches the short title as a phrase, or the label', () => {
    expect(billNewsQuery(bill())).toBe('"Postal Service Reform Act of 2022" OR "H.R. 3076"');
  });

  it('falls back to the quoted label without a short title, or when the title is too long to share a call', () => {
    expect(billNewsQuery(bill({ short_title: null }))).toBe('"H.R. 3076"');
    expect(billNewsQuery(bill({ short_title: 'x'.repeat(MAX_TITLE_PHRASE + 1) }))).toBe('"H.R. 3076"');
  });

  it('drops quotes inside a title so the phrase stays one phrase', () => {
    expect(billNewsQuery(bill({ short_title: 'The "Big"  Act' }))).toBe('"The Big Act" OR "H.R. 3076"');
  });
});

describe('memberNewsQuery', () => {
  it('names the member in display order with the chamber title or the state', () => {
    expect(memberNewsQuery({ name: 'Sanders, Bernard', state: 'VT', chamber: 'senate' })).toBe('"Bernard Sanders" AND (Sen OR Senator OR Vermont)');
    expect(memberNewsQuery({ name: 'Pelosi, Nancy', state: 'CA', chamber: 'house' })).toBe('"Nancy Pelosi" AND (Rep OR Representative OR California)');
  });

  it('quotes a two-word state and accepts either title when the chamber is unknown', () => {
    expect(memberNewsQuery({ name: 'Doe, Jane', state: 'NY', chamber: null })).toBe('"Jane Doe" AND (Sen OR Senator OR Rep OR Representative OR "New York")');
  });

  it('keeps a name without a comma and names DC properly', () => {
    expect(displayName('Cher')).toBe('Cher');
    expect(stateName('dc')).toBe('District of Columbia');
    expect(stateName('ZZ')).toBeNull();
  });
});

describe('mentions', () => {
  it('ignores case, accents and punctuation in phrases', () => {
    expect(normaliseText('H.R. 3076 — Peña’s bill')).toBe('hr 3076 penas bill');
    expect(mentions('"H.R. 3076"', 'The House passed HR 3076 today')).toBe(true);
    expect(mentions('"H.R. 3076"', 'The House passed H.R. 30761 today')).toBe(false);
  });

  it('reads OR, explicit and implicit AND, and parentheses', () => {
    const q = '"Bernard Sanders" AND (Sen OR Vermont)';
    expect(mentions(q, 'Sen. Bernard Sanders spoke')).toBe(true);
    expect(mentions(q, 'Bernard Sanders of Vermont')).toBe(true);
    expect(mentions(q, 'Bernard Sanders, the painter')).toBe(false);
    expect(mentions('budget deficit', 'the deficit and the budget')).toBe(true);
    expect(mentions('budget deficit', 'the budget')).toBe(false);
    expect(mentions('("A Act") OR ("B Act")', 'news on the b act')).toBe(true);
  });

  it('matches nothing for an empty query and tolerates unbalanced parentheses', () => {
    expect(mentions('', 'anything')).toBe(false);
    expect(mentions('()', 'anything')).toBe(false);
    expect(mentions('(budget OR tax', 'a tax bill')).toBe(true);
    expect(mentions('budget) OR tax', 'a tax bill')).toBe(true);
  });
});
