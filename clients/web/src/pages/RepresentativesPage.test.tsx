import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, type FakeCall } from '../test/render.tsx';

const member = (id: string, name: string, chamber: 'house' | 'senate', district: number | null) => ({
  id,
  name,
  first_name: null,
  last_name: null,
  state: 'CA',
  district,
  chamber,
  party: 'D',
  photo_url: null,
  office_address: null,
  phone: null,
  website: null,
  congress_gov_url: null,
  lis_id: null,
  birth_year: null,
  terms: [],
  in_office: true,
  leadership_roles: [],
  sponsored_count: null,
  cosponsored_count: null,
  enriched_at: null,
  updated_at: null,
  chaired_committees: null,
  effectiveness_score: null,
  percentile: null,
  tier: null,
  seniority_tier: null,
  effectiveness_computed_at: null,
  data_as_of: '2026-06-20T00:00:00Z',
  enrichment_pending: false,
  enrichment_state: 'not_requested',
  enrichment_detail: null,
});

const offline = (call: FakeCall) =>
  call.path === '/api/members/by-zip/95014'
    ? {
        body: {
          zip: '95014',
          state: 'CA',
          district: null,
          districts: [
            { state: 'CA', district: 16 },
            { state: 'CA', district: 17 },
          ],
          ambiguous: true,
          address_lookup: {
            status: 'unavailable',
            detail: 'This offline copy of BillWatch cannot look up street addresses, so the members of every district ZIP 95014 touches are listed.',
          },
          members: [
            member('P000145', 'Padilla, Alex', 'senate', null),
            member('L000607', 'Liccardo, Sam', 'house', 16),
            member('K000389', 'Khanna, Ro', 'house', 17),
          ],
        },
      }
    : undefined;

describe('finding representatives by ZIP and street address', () => {
  it('says in plain words that an address could not be looked up, and keeps every member of the ZIP on the page', async () => {
    renderApp('/representatives?zip=95014&address=1%20Infinite%20Loop', offline);
    expect(await screen.findByRole('heading', { name: 'The address “1 Infinite Loop” could not be looked up' })).toBeInTheDocument();
    expect(screen.getByText(/cannot look up street addresses, so the members of every district ZIP 95014 touches are listed/)).toBeInTheDocument();
    expect(screen.getByText(/ZIP 95014 spans 2 House districts/)).toBeInTheDocument();
    for (const name of ['Sen. Alex Padilla', 'Rep. Sam Liccardo', 'Rep. Ro Khanna']) expect(screen.getByRole('link', { name })).toBeInTheDocument();
    expect(screen.queryByText(/REPLAY_HAR|recorded response|har/i)).not.toBeInTheDocument();
  });
});
