import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { bill, billPageReads, billText, brief } from '../../test/fixtures.ts';
import { renderApp, type FakeCall } from '../../test/render.tsx';

describe('"Show in the text"', () => {
  it('marks the passage where the API located the quote, line break and all, and focuses it', async () => {
    const user = userEvent.setup();
    renderApp(`/bills/${bill.id}`, billPageReads);
    await user.click(await screen.findByRole('button', { name: /Show in the text.*Sec\. 3/ }));
    const region = await screen.findByRole('region', { name: 'Text of Introduced in House' });
    const mark = await within(region).findByLabelText('Quoted passage, Sec. 3');
    // The quote reads "shall submit a report annually"; the text breaks the line inside it, and the mark holds the text's own words.
    expect(mark.textContent).toBe('shall submit\na report annually');
    expect(mark).toHaveFocus();
    expect(region.textContent).toBe(billText);
    expect(screen.queryByText(/cannot be shown/)).not.toBeInTheDocument();
  });

  it('says how many points were withheld for quoting words not in the text', async () => {
    const withheld = { ...bill, latest_brief: { ...brief, uncited: true, withheld_points: 2 } };
    renderApp(`/bills/${bill.id}`, (call: FakeCall) =>
      call.method === 'GET' && call.path === `/api/bills/${bill.id}` ? { body: withheld } : billPageReads(call),
    );
    expect(await screen.findByText('2 points of this brief quoted words that are not in the text, so they are not shown.')).toBeInTheDocument();
  });
});
