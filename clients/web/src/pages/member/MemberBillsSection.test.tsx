import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInApp, type FakeCall } from '../../test/render.tsx';
import { MemberBillsSection } from './MemberBillsSection.tsx';

const item = (n: number) => ({
  id: `119-s-${n}`,
  label: `S. ${n}`,
  title: `Water bill ${n}`,
  short_title: null,
  chamber: 'senate',
  introduced_date: '2025-01-03',
  latest_action_date: '2025-02-01',
  latest_action_text: 'Read twice.',
  bill_category: 'substantive',
  has_document: true,
  document_status: 'brief',
  topic_tags: [],
});

const memberBills = (call: FakeCall) => {
  if (call.path !== '/api/members/B001319/bills') return undefined;
  const role = new URLSearchParams(call.search).get('role');
  return { body: { items: role === 'sponsored' ? [item(1), item(2)] : [], next_cursor: null } };
};

describe("a member's bill section", () => {
  it('lists the sponsored bills with a link to all of them', async () => {
    const { calls } = renderInApp(<MemberBillsSection memberId="B001319" memberName="Katie Britt" role="sponsored" />, memberBills);
    const section = screen.getByRole('region', { name: 'Sponsored bills' });
    expect(await within(section).findByRole('link', { name: 'S. 1: Water bill 1' })).toHaveAttribute('href', '/bills/119-s-1');
    expect(within(section).getByRole('link', { name: 'S. 2: Water bill 2' })).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'Every bill Katie Britt sponsored' })).toHaveAttribute('href', '/bills?sponsor_id=B001319');
    expect(Object.fromEntries(new URLSearchParams(calls[0]!.search))).toEqual({ role: 'sponsored', limit: '10' });
  });

  it('says when no cosponsored bill is stored, with no link to a sponsor filter', async () => {
    renderInApp(<MemberBillsSection memberId="B001319" memberName="Katie Britt" role="cosponsored" />, memberBills);
    const section = screen.getByRole('region', { name: 'Cosponsored bills' });
    expect(await within(section).findByText('No cosponsored bill is stored.')).toBeInTheDocument();
    expect(within(section).queryByRole('link')).not.toBeInTheDocument();
  });
});
