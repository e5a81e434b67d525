import { describe, expect, it } from 'vitest';
import { parseLegislatorsJson } from '#shared/adapters/providers/legislators/legislators.parser.ts';

const legislator = (bioguide: string, terms: Record<string, unknown>[]) => ({
  id: { bioguide },
  name: { first: 'Ann', last: 'Example' },
  terms,
});
const rep = { type: 'rep', start: '2019-01-03', end: '2021-01-03', state: 'OH', district: 3, party: 'Democrat' };
const sen = { type: 'sen', start: '2021-01-03', end: '2027-01-03', state: 'OH', party: 'Democrat' };
const viceprez = { type: 'viceprez', start: '2009-01-20', end: '2017-01-20', how: 'election', party: 'Democrat' };
const prez = { type: 'prez', start: '2021-01-20', end: '2025-01-20', how: 'election', party: 'Democrat' };

describe('congress-legislators: terms outside Congress (issue 24.2)', () => {
  it('skips a prez or viceprez term, never the file', () => {
    const members = parseLegislatorsJson(
      JSON.stringify([legislator('E000001', [rep, viceprez, sen]), legislator('E000002', [rep]), legislator('E000003', [prez])]),
      '2026-01-01T00:00:00Z',
    );
    expect(members.map((m) => m.id)).toEqual(['E000001', 'E000002']);
    const first = members[0];
    expect(first?.terms.map((t) => t.chamber)).toEqual(['house', 'senate']);
    expect(first).toMatchObject({ chamber: 'senate', state: 'OH', district: null, party: 'D' });
  });

  it('takes the current seat from the last term in Congress even when a later term is not', () => {
    const [m] = parseLegislatorsJson(JSON.stringify([legislator('E000004', [rep, viceprez])]), '2026-01-01T00:00:00Z');
    expect(m).toMatchObject({ chamber: 'house', district: 3, state: 'OH' });
  });
});
