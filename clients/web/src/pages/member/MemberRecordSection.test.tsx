import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInApp, type FakeCall } from '../../test/render.tsx';
import { MemberRecordSection } from './MemberRecordSection.tsx';

const missed = {
  vote_id: 'house-115-2-281',
  bill_id: '115-hr-4760',
  date: '2018-06-21',
  question: 'On Motion to Recommit with Instructions',
  position: 'Not Voting',
};
const card = {
  congress: 115,
  computed_at: '2026-06-20T00:00:00.000Z',
  votes: [
    {
      chamber: 'house',
      roll_calls: 3,
      first_date: '2017-03-07',
      last_date: '2018-06-21',
      cast: 2,
      missed: 1,
      missed_share: 1 / 3,
      missed_votes: [missed],
      party: 'D',
      party_votes: 2,
      with_party: 2,
      with_party_share: 1,
      against_party_votes: [],
    },
  ],
  sponsored: {
    bills: 1,
    by_reach: { law: 1, passed: 0, passed_one_chamber: 0, floor: 0, committee: 0, introduced: 0 },
    items: [{ bill_id: '115-hr-1362', label: 'H.R. 1362', title: 'Pago Pago clinic', status: 'ENACTED:SIGNED', reach: 'law' }],
  },
  cosponsored: {
    bills: 4,
    with_known_parties: 3,
    across_the_aisle: 1,
    across_share: 1 / 3,
    across_items: [{ bill_id: '115-hr-4760', label: 'H.R. 4760', sponsor_party: 'R' }],
  },
};
const committees = {
  source: "the committees BillWatch keeps from congress-legislators' committee-membership-current (synced daily)",
  assignments: [
    {
      committee_id: 'HSRU',
      committee_name: 'House Committee on Rules',
      chamber: 'house',
      parent_id: null,
      parent_name: null,
      side: 'minority',
      rank: 1,
      title: 'Ranking Member',
    },
  ],
};
const answer = (congresses: unknown[]) => (call: FakeCall) =>
  call.path === '/api/members/M000312/record' ? { body: { member_id: 'M000312', congresses, committees, votes_url: '/api/members/M000312/votes' } } : undefined;

describe("a member's report card", () => {
  it('says what each vote figure rests on, warns when it is few roll calls, and links the roll calls and bills behind the figures', async () => {
    renderInApp(<MemberRecordSection memberId="M000312" />, answer([card]));
    const section = screen.getByRole('region', { name: 'Report card' });
    expect(await within(section).findByRole('heading', { name: '115th Congress' })).toBeInTheDocument();
    expect(within(section).getByRole('heading', { name: 'House votes: rests on 3 roll calls' })).toBeInTheDocument();
    expect(within(section).getByText(/these shares say little/)).toBeInTheDocument();
    expect(within(section).getByText(/Voted in 2 and missed 1 of the 3 roll calls held .* \(33% missed\)/)).toBeInTheDocument();
    expect(within(section).getByText(/Voted with the Democrat majority on 2 of 2 yea-or-nay votes/)).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'On Motion to Recommit with Instructions' })).toHaveAttribute('href', '/bills/115-hr-4760');
    expect(within(section).getByRole('link', { name: 'H.R. 1362' })).toHaveAttribute('href', '/bills/115-hr-1362');
    expect(within(section).getByText(/Sponsored 1 bill: 1 became law/)).toBeInTheDocument();
    expect(within(section).getByText(/1 is the other party's \(\s*33%\)/)).toBeInTheDocument();
    expect(within(section).getByText('House Committee on Rules (Ranking Member)')).toBeInTheDocument();
  });

  it('says there is no card when nothing of the member is held, and still shows the committee seats', async () => {
    renderInApp(<MemberRecordSection memberId="M000312" />, answer([]));
    const section = screen.getByRole('region', { name: 'Report card' });
    expect(await within(section).findByText(/no report card to show/)).toBeInTheDocument();
    expect(within(section).getByText('House Committee on Rules (Ranking Member)')).toBeInTheDocument();
  });
});
