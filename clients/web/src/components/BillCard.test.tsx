import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInApp } from '../test/render.tsx';
import { BillCard } from './BillCard.tsx';

const bill = {
  id: '119-s-5',
  label: 'S. 5',
  title: 'Laken Riley Act',
  short_title: 'Laken Riley Act',
  latest_action_date: '2025-01-29',
  latest_action_text: 'Became Public Law No: 119-1.',
};

describe('a bill card', () => {
  it('says where the bill stands and whether its brief exists, in words', () => {
    renderInApp(<BillCard bill={{ ...bill, document_status: 'brief', status: 'ENACTED:SIGNED' }} />, () => undefined);
    expect(screen.getByText('Signed into law')).toBeInTheDocument();
    expect(screen.getByText('Brief ready')).toBeInTheDocument();
  });

  it('says a bill without text has no text yet, beside its status', () => {
    renderInApp(<BillCard bill={{ ...bill, document_status: 'no_text', status: 'REFERRED' }} />, () => undefined);
    expect(screen.getByText('Referred to committee')).toBeInTheDocument();
    expect(screen.getByText('No text yet')).toBeInTheDocument();
  });
});
