import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp, renderInApp, type FakeCall } from '../../test/render.tsx';
import { AmendmentsSection } from '../bill/AmendmentsSection.tsx';

// H.Amdt. 491 of the 115th as the API answers it for the demo (shared fixture legacy-BILLSTATUS-115hr4182.xml, roll 647).
const sponsor = { id: 'C001078', name: 'Connolly, Gerald', party: 'D', state: 'VA', district: 11 };
const listItem = {
  id: '115-hamdt-491',
  congress: 115,
  type: 'hamdt',
  number: 491,
  label: 'H.Amdt. 491',
  chamber: 'house',
  sponsor_id: sponsor.id,
  sponsor,
  sponsor_committee: null,
  cosponsor_count: null,
  purpose: 'Amendment sought to strike the provisions of the bill.',
  description: null,
  amended_bill_id: '115-hr-4182',
  amended_bill_label: 'H.R. 4182',
  amended_bill_title: 'EQUALS Act of 2017',
  amended_amendment_id: null,
  amended_treaty: null,
  house_sequence: 3,
  submitted_date: null,
  proposed_date: '2017-11-30',
  status: 'failed',
  status_date: '2017-11-30',
  latest_action: { date: '2017-11-30', text: 'On agreeing to the Connolly amendment (A003) Failed by recorded vote: 193 - 223 (Roll no. 647).' },
  update_date: null,
  has_text: false,
  data_as_of: '2026-12-01T12:00:00Z',
};
const rollCall = {
  vote_id: 'house-115-1-647',
  chamber: 'house',
  congress: 115,
  session: 1,
  roll_number: 647,
  date: '2017-11-30',
  question: 'On Agreeing to the Amendment',
  result: 'Failed',
  yea: 193,
  nay: 223,
  present: 0,
  not_voting: 17,
};
const detail = {
  ...listItem,
  roll_calls: [
    {
      ...rollCall,
      positions: [
        { member_id: 'C001078', name: 'Connolly, Gerald', party: 'D', state: 'VA', position: 'Yea' },
        { member_id: 'G000584', name: 'Gianforte, Greg', party: 'R', state: 'MT', position: 'Nay' },
      ],
    },
  ],
  actions: [
    { action_date: '2017-11-30', action_time: null, text: listItem.latest_action.text, action_code: null, source: null, recorded_votes: [] },
    { action_date: '2017-11-30', action_time: null, text: 'Amendment (A003) offered by Mr. Connolly.', action_code: null, source: null, recorded_votes: [] },
  ],
  text_versions: [],
};

const api = (call: FakeCall) => {
  if (call.path === '/api/amendments/115-hamdt-491') return { body: detail };
  if (call.path === '/api/amendments/115-hamdt-1') return { status: 404, body: { code: 'amendment.not_found', detail: 'No amendment 115-hamdt-1' } };
  if (call.path === '/api/bills/115-hr-4182/amendments') return { body: { items: [{ ...listItem, roll_calls: [rollCall] }], next_cursor: null } };
  if (call.path === '/api/bills/115-hr-9/amendments') return { body: { items: [], next_cursor: null } };
  return undefined;
};

describe('the amendment page', () => {
  it('shows the purpose, status, sponsor, the bill it amends, its actions and its roll call with every position', async () => {
    renderApp('/amendments/115-hamdt-491', api);
    expect(await screen.findByRole('heading', { level: 1, name: 'H.Amdt. 491' })).toBeInTheDocument();
    expect(screen.getByText('Amendment sought to strike the provisions of the bill.')).toBeInTheDocument();
    expect(screen.getByText('Failed, Nov 30, 2017', { exact: false })).toBeInTheDocument();
    // The sponsor's link comes first; the roll call's table names the sponsor again.
    expect(screen.getAllByRole('link', { name: 'Gerald Connolly' })[0]).toHaveAttribute('href', '/members/C001078');
    expect(screen.getByRole('link', { name: 'H.R. 4182: EQUALS Act of 2017' })).toHaveAttribute('href', '/bills/115-hr-4182');
    expect(screen.getByText('No text of this amendment is published yet.')).toBeInTheDocument();
    const votes = screen.getByRole('region', { name: 'Roll-call votes' });
    expect(within(votes).getByRole('heading', { level: 3, name: /House roll call 647, .*: On Agreeing to the Amendment/ })).toBeInTheDocument();
    await userEvent.click(within(votes).getByText("Every member's position (2)"));
    const table = within(votes).getByRole('table', { name: /How each member voted in House roll call 647/ });
    const row = within(table).getByRole('row', { name: /Greg Gianforte/ });
    expect(within(row).getByRole('cell', { name: 'Nay' })).toBeInTheDocument();
    const actions = screen.getByRole('region', { name: 'Actions' });
    expect(within(actions).getAllByRole('listitem')).toHaveLength(2);
  });

  it('says when the amendment is not stored, with a way on', async () => {
    renderApp('/amendments/115-hamdt-1', api);
    expect(await screen.findByRole('heading', { level: 1, name: 'Amendment 115-hamdt-1' })).toBeInTheDocument();
    expect(await screen.findByText(/No amendment 115-hamdt-1/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse bills' })).toHaveAttribute('href', '/bills');
  });
});

describe("the bill page's amendments", () => {
  it('lists each amendment with its status and a link to its page', async () => {
    renderInApp(<AmendmentsSection billId="115-hr-4182" />, api);
    const section = screen.getByRole('region', { name: 'Amendments' });
    const link = await within(section).findByRole('link', { name: 'H.Amdt. 491' });
    expect(link).toHaveAttribute('href', '/amendments/115-hamdt-491');
    expect(within(section).getByRole('heading', { level: 3, name: /H\.Amdt\. 491: Failed/ })).toBeInTheDocument();
    expect(within(section).getByText('Sponsor: Gerald Connolly')).toBeInTheDocument();
  });

  it('says when no amendment is recorded', async () => {
    renderInApp(<AmendmentsSection billId="115-hr-9" />, api);
    expect(await screen.findByText('No amendment to this bill is recorded.')).toBeInTheDocument();
  });
});
