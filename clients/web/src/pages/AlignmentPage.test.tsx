import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { user } from '../test/fixtures.ts';
import { renderApp, type FakeCall } from '../test/render.tsx';

const alignment = {
  items: [
    {
      member_id: 'B001319',
      member: { id: 'B001319' },
      comparable: true,
      note: null,
      alignment: { compared: 2, matched: 1, percent: 50 },
      before_stance: { compared: 1, matched: 1, percent: 100 },
      after_stance: { compared: 1, matched: 0, percent: 0 },
      procedural_votes: 0,
      not_voting: 0,
      votes: [
        {
          vote_id: 'v1',
          bill_id: '119-hr-1',
          bill_label: 'H.R. 1',
          date: '2025-02-01',
          question: 'On Passage',
          result: 'Passed',
          vote_class: 'passage',
          position: 'Yea',
          position_class: 'yea',
          stance: 'hold_boost',
          wanted: 'Yea',
          outcome: 'matched',
          bucket: 'counted',
          timing: 'before_stance',
        },
      ],
    },
  ],
  stanced_bills: 1,
  followed_members: 1,
  method: 'Counts every passage vote on your hold_boost (wanted Yea) and hold_veto (wanted Nay) bills; before_stance and after_stance split the count.',
};

describe('the alignment page', () => {
  it('explains how it counts in plain words, never the API names of stances and timings', async () => {
    renderApp('/alignment', (c: FakeCall) => (c.path === '/api/auth/me' ? { body: user } : c.path === '/api/alignment' ? { body: alignment } : undefined), {
      token: 't',
    });
    expect(await screen.findByText(/a bill you support \(you wanted Yea\) or oppose/)).toBeInTheDocument();
    expect(screen.getByText(/Voted as you wanted on 1 of 2 counted votes/)).toBeInTheDocument();
    expect(screen.getByText('Support (wanted Yea), vote before your stance', { exact: false })).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(/hold_boost|hold_veto|before_stance|after_stance/);
  });
});
