import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInApp } from '../../test/render.tsx';
import { AlertFilterGrid } from './AlertFilterGrid.tsx';

describe('the alert filter grid', () => {
  it('names scheduled meetings as something told ahead, and says followed committees count as Just following', async () => {
    renderInApp(<AlertFilterGrid filters={null} onChange={() => undefined} />, () => undefined);
    expect(await screen.findByRole('checkbox', { name: 'Scheduled: a hearing, markup or floor debate ahead, and its changes when Support' })).toBeChecked();
    expect(screen.getByText(/Members, committees and topics you follow count as “Just following”/)).toBeInTheDocument();
  });
});
