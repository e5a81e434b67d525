import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StatusTimeline } from './StatusTimeline.tsx';

const steps = () => within(screen.getByLabelText('Progress of the bill')).getAllByRole('listitem');
const step = (name: RegExp) => steps().find((li) => name.test(li.textContent ?? ''))!;

describe('StatusTimeline', () => {
  it('shows a House bill that passed the House: the House step done, the Senate current, in plain words', () => {
    render(
      <StatusTimeline
        bill={{
          status: 'PASS_OVER:HOUSE',
          type: 'hr',
          chamber: 'house',
          status_timeline: [
            { status: 'INTRODUCED', date: '2025-01-03', action_text: 'Introduced in House' },
            { status: 'PASS_OVER:HOUSE', date: '2025-03-05', action_text: 'Passed/agreed to in House: On passage Passed by the Yeas and Nays: 250 - 180' },
          ],
        }}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Where it stands' })).toBeInTheDocument();
    const progress = screen.getByLabelText('Progress of the bill');
    expect(within(progress).getByText('Passed the House')).toBeInTheDocument();
    expect(step(/^House/)).toHaveTextContent('(completed)');
    expect(step(/^Senate/)).toHaveAttribute('aria-current', 'step');
    expect(step(/^Law/)).toHaveTextContent('(not yet)');
    expect(screen.getByText(/Since Mar 5, 2025/)).toBeInTheDocument();
  });

  it('marks a Senate bill that failed in the House as stopped at the House, its second chamber', () => {
    render(<StatusTimeline bill={{ status: 'FAIL:SECOND:HOUSE', type: 's', chamber: 'senate', status_timeline: [] }} />);
    const items = steps();
    expect(items.map((li) => li.textContent?.split(' (')[0])).toEqual(['Introduced', 'Committee', 'Senate', 'House', 'President', 'Law']);
    expect(step(/^House/)).toHaveTextContent('(stopped here)');
    expect(screen.getByText('Passed the Senate, failed in the House')).toBeInTheDocument();
  });

  it('shows a veto one chamber voted to override as still at the President, not stopped', () => {
    render(<StatusTimeline bill={{ status: 'VETOED:OVERRIDE_PASS_OVER:HOUSE', type: 'hr', chamber: 'house', status_timeline: [] }} />);
    expect(step(/^President/)).toHaveAttribute('aria-current', 'step');
    expect(step(/^President/)).not.toHaveTextContent('(stopped here)');
    expect(screen.getByText('The House voted to override the veto')).toBeInTheDocument();
  });

  it('shows an enacted bill with every step done and a simple resolution with three steps', () => {
    const { unmount } = render(<StatusTimeline bill={{ status: 'ENACTED:SIGNED', type: 'hr', chamber: 'house', status_timeline: [] }} />);
    expect(steps().every((li) => li.textContent?.includes('(completed)'))).toBe(true);
    expect(screen.getByText('Signed into law')).toBeInTheDocument();
    unmount();
    render(<StatusTimeline bill={{ status: 'REFERRED', type: 'sres', chamber: 'senate', status_timeline: [] }} />);
    expect(steps()).toHaveLength(3);
    expect(step(/^Committee/)).toHaveAttribute('aria-current', 'step');
  });
});
