import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSearchParams } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderInApp, type FakeCall } from '../test/render.tsx';
import { BillFilterFields, type BillFilter } from './BillFilterFields.tsx';

function Filters({ filters, statusGroups }: { filters: BillFilter[]; statusGroups?: boolean }) {
  const [params, setParams] = useSearchParams();
  const set = (k: string, v: string) =>
    setParams((s) => {
      const next = new URLSearchParams(s);
      if (v) next.set(k, v);
      else next.delete(k);
      return next;
    });
  return (
    <form aria-label="Filters">
      <BillFilterFields idPrefix="t" filters={filters} params={params} set={set} statusGroups={statusGroups} />
    </form>
  );
}

const topicsApi = (call: FakeCall) =>
  call.path === '/api/topics' ? { body: { items: [{ topic: 'armed-forces-and-national-security', bill_count: 4 }], next_cursor: null } } : undefined;

const labels = (form: HTMLElement) => [...form.querySelectorAll('label')].map((l) => l.textContent);

describe('the bill filter fields', () => {
  it('shows the filters asked for, in order, each labelled, and a change goes into the URL at once', async () => {
    const user = userEvent.setup();
    const { router } = renderInApp(<Filters filters={['chamber', 'topic', 'has_document', 'from']} />, topicsApi);
    const form = screen.getByRole('form', { name: 'Filters' });
    expect(labels(form)).toEqual(['Chamber', 'Topic', 'Text published', 'Latest action from']);
    expect(within(form).queryByRole('combobox', { name: 'Status' })).not.toBeInTheDocument();

    // Topics read in plain words, with how many bills carry them.
    const topic = within(form).getByRole('combobox', { name: 'Topic' });
    expect(await within(topic).findByRole('option', { name: 'Armed forces and national security (4)' })).toBeInTheDocument();
    await user.selectOptions(topic, 'armed-forces-and-national-security');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Chamber' }), 'senate');
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      topic: 'armed-forces-and-national-security',
      chamber: 'senate',
    });

    // Choosing the empty option takes the filter out of the URL.
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Chamber' }), '');
    expect(router.state.location.search).toBe('?topic=armed-forces-and-national-security');
  });

  it('offers the status groups only where the API takes them, and reads no topics when there is no topic field', async () => {
    const grouped = renderInApp(<Filters filters={['status']} statusGroups />, topicsApi);
    const status = screen.getByRole('combobox', { name: 'Status' });
    expect(within(status).getByRole('option', { name: 'Became law (any way)' })).toHaveValue('ENACTED');
    expect(within(status).getByRole('group', { name: 'Exact status' })).toBeInTheDocument();
    expect(grouped.calls).toEqual([]);
    grouped.unmount();

    renderInApp(<Filters filters={['status', 'type']} />, topicsApi);
    const exact = screen.getByRole('combobox', { name: 'Status' });
    expect(within(exact).queryByRole('option', { name: 'Became law (any way)' })).not.toBeInTheDocument();
    expect(within(exact).queryByRole('group')).not.toBeInTheDocument();
    expect(within(screen.getByRole('combobox', { name: 'Type' })).getByRole('option', { name: 'S. (Senate bill)' })).toHaveValue('s');
  });

  it('shows the current values from the URL, and a sponsor filter as a note that can be taken off', async () => {
    const user = userEvent.setup();
    const { router } = renderInApp(<Filters filters={['congress', 'chamber']} />, topicsApi);
    await act(() => router.navigate('/?congress=119&chamber=house&sponsor_id=P000197'));
    expect(screen.getByRole('spinbutton', { name: 'Congress' })).toHaveValue(119);
    expect(screen.getByRole('combobox', { name: 'Chamber' })).toHaveValue('house');
    expect(screen.getByText(/Only bills sponsored by member P000197/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Show every sponsor' }));
    expect(router.state.location.search).toBe('?congress=119&chamber=house');
    expect(screen.queryByText(/Only bills sponsored by member/)).not.toBeInTheDocument();
  });
});
