import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Schemas } from '../../../../typescript/index.ts';
import { renderInApp } from '../../test/render.tsx';
import { CommitteeAssignmentsSection } from './CommitteeAssignmentsSection.tsx';

const seat = (
  a: Partial<Schemas['CommitteeAssignment']> & Pick<Schemas['CommitteeAssignment'], 'committee_id' | 'committee_name'>,
): Schemas['CommitteeAssignment'] => ({
  parent_id: null,
  parent_name: null,
  chamber: 'senate',
  side: 'majority',
  rank: 1,
  title: null,
  ...a,
});

describe("a member's committee seats", () => {
  it('lists each committee with the title and side, its subcommittees beneath, each linked', async () => {
    renderInApp(
      <CommitteeAssignmentsSection
        assignments={[
          seat({ committee_id: 'SSAF', committee_name: 'Committee on Agriculture, Nutrition, and Forestry', title: 'Chairman' }),
          seat({
            committee_id: 'SSAF13',
            committee_name: 'Conservation, Forestry, and Natural Resources',
            parent_id: 'SSAF',
            parent_name: 'Committee on Agriculture, Nutrition, and Forestry',
          }),
          seat({ committee_id: 'SSAP02', committee_name: 'Defense', parent_id: 'SSAP', parent_name: 'Committee on Appropriations', side: 'minority' }),
        ]}
      />,
      () => undefined,
    );
    const section = await screen.findByRole('region', { name: 'Committees' });
    const ag = within(section).getByRole('link', { name: 'Committee on Agriculture, Nutrition, and Forestry' });
    expect(ag).toHaveAttribute('href', '/committees/SSAF');
    expect(ag.closest('li')).toHaveTextContent('(Chairman, majority)');
    expect(within(ag.closest('li')!).getByRole('link', { name: 'Conservation, Forestry, and Natural Resources' })).toHaveAttribute(
      'href',
      '/committees/SSAF13',
    );
    // A subcommittee seat without its full committee's seat keeps the full committee's name.
    expect(within(section).getByRole('link', { name: 'Committee on Appropriations: Defense' }).closest('li')).toHaveTextContent('(minority)');
  });

  it('says when there is no seat on record', async () => {
    renderInApp(<CommitteeAssignmentsSection assignments={[]} />, () => undefined);
    expect(await screen.findByText('No committee seat is on record.')).toBeInTheDocument();
  });
});
