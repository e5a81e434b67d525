import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Schemas } from '../../../../typescript/index.ts';
import { bill, followsApi } from '../../test/fixtures.ts';
import { renderApp, type FakeCall } from '../../test/render.tsx';

const supportFollow: Schemas['Follow'] = {
  id: `bill:${bill.id}`,
  user_id: 'u1',
  target_type: 'bill',
  target_id: bill.id,
  follow_mode: 'hold_boost',
  mode_set_at: null,
  created_at: '2025-02-02T00:00:00Z',
};

function api(initial: Schemas['Follow'][]) {
  const follows = followsApi(initial);
  return (call: FakeCall) => {
    if (call.method === 'POST' && call.path === `/api/bills/${bill.id}/draft-letter`)
      return {
        body: { letter: 'Dear Representative, please vote yes on H.R. 1.', stance: 'YES', stance_source: 'request', method: 'template', brief_version: 1 },
      };
    return follows(call);
  };
}

describe('the draft letter', () => {
  it('opens from ?letter=1 with the stance pre-filled from a Support follow, and sends the chosen points', async () => {
    const user = userEvent.setup();
    const { calls } = renderApp(`/bills/${bill.id}?letter=1`, api([supportFollow]), { token: 't' });
    const dialog = await screen.findByRole('dialog', { name: 'Write to your representative about H.R. 1' });
    expect(await within(dialog).findByRole('radio', { name: 'Vote yes (support)' })).toBeChecked();
    // Only cited points are offered (the inference is not), and at most three may be chosen.
    expect(within(dialog).getAllByRole('checkbox')).toHaveLength(2);
    await user.click(within(dialog).getByRole('checkbox', { name: 'Funds broadband grants of $5 billion.' }));
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Tone' }), 'urgent');
    await user.type(within(dialog).getByRole('textbox', { name: "Representative's name (optional)" }), 'Rep. Smith');
    await user.click(within(dialog).getByRole('button', { name: 'Write the letter' }));
    expect(await within(dialog).findByRole('textbox', { name: /Your letter/ })).toHaveValue('Dear Representative, please vote yes on H.R. 1.');
    expect(within(dialog).getByRole('button', { name: 'Copy the letter' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Download as a text file' })).toBeInTheDocument();
    expect(calls.find((c) => c.path.endsWith('/draft-letter'))?.body).toEqual({
      cited_points: ['p1'],
      stance: 'YES',
      tone: 'urgent',
      brief_version: 1,
      rep_name: 'Rep. Smith',
    });
  });

  it('clears the pre-filled stance once the bill is unfollowed', async () => {
    const user = userEvent.setup();
    renderApp(`/bills/${bill.id}`, api([supportFollow]), { token: 't' });
    await user.click(await screen.findByRole('button', { name: 'Following: Support' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Your follow of H.R. 1' })).getByRole('button', { name: 'Unfollow' }));
    await screen.findByRole('button', { name: 'Follow' });

    await user.click(screen.getByRole('button', { name: 'Write to your representative' }));
    const dialog = await screen.findByRole('dialog', { name: 'Write to your representative about H.R. 1' });
    expect(within(dialog).getByRole('radio', { name: 'Vote yes (support)' })).not.toBeChecked();
    expect(within(dialog).getByRole('radio', { name: 'Vote no (oppose)' })).not.toBeChecked();
    expect(within(dialog).getByText('Choose one: you have no Support or Oppose stance on this bill.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Write the letter' })).toBeDisabled();
  });

  it("opens from a Support follower's ?letter=1 link on a bill without a brief, and writes about the bill itself", async () => {
    const user = userEvent.setup();
    const unbriefed = { ...bill, latest_brief: null, document_status: 'no_text', text_versions: [] };
    const respond = api([supportFollow]);
    const { calls } = renderApp(
      `/bills/${bill.id}?letter=1`,
      (call: FakeCall) => (call.method === 'GET' && call.path === `/api/bills/${bill.id}` ? { body: unbriefed } : respond(call)),
      { token: 't' },
    );
    const dialog = await screen.findByRole('dialog', { name: 'Write to your representative about H.R. 1' });
    expect(within(dialog).getByText(/This bill has no brief yet, so the letter speaks of the bill/)).toBeInTheDocument();
    expect(within(dialog).queryAllByRole('checkbox')).toHaveLength(0);
    expect(screen.queryByText(/has no brief yet\. Follow it/)).not.toBeInTheDocument();
    expect(await within(dialog).findByRole('radio', { name: 'Vote yes (support)' })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Write the letter' }));
    expect(await within(dialog).findByRole('textbox', { name: /Your letter/ })).toBeInTheDocument();
    expect(calls.find((c) => c.path.endsWith('/draft-letter'))?.body).toEqual({ cited_points: [], stance: 'YES', tone: 'formal' });
  });
});
