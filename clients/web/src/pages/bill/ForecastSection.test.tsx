import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Schemas } from '../../../../typescript/index.ts';
import { bill, billPageReads } from '../../test/fixtures.ts';
import { renderApp, type FakeCall } from '../../test/render.tsx';

const forecast: Schemas['BillForecast'] = {
  version: 2,
  as_of: '2026-12-07',
  model_version: 'forecast-7623cf91-59093af5',
  stage: 'introduced',
  p_reported: 0.31,
  p_passed_chamber: 0.12,
  p_enacted: 0.05,
  odds: {
    reported: { words: 'about 1 in 3', percent: '31%' },
    passed_chamber: { words: 'about 1 in 8', percent: '12%' },
    enacted: { words: 'about 1 in 20', percent: '5%' },
  },
  headline: 'enacted',
  factors: [
    { key: 'majority', label: "The sponsor's party (Republican) holds the House majority", direction: 'raises', ratio: 2.5 },
    { key: 'cosponsors', label: '12 original cosponsors, 5 from the other party', direction: 'raises', ratio: 1.6 },
    { key: 'title', label: 'Its title amends the Internal Revenue Code', direction: 'lowers', ratio: 0.5 },
  ],
  cosponsors: { n: 14, n_other_party: 6 },
  unknown_inputs: [],
  retrospective: false,
  outcomes: {},
};

const withForecast = (body: unknown) => (c: FakeCall) => (c.path === `/api/bills/${bill.id}/forecast` ? { body } : billPageReads(c));

describe('the odds on a bill page', () => {
  it('says the three odds in plain words with the three factors that moved them, and links to the model card', async () => {
    renderApp(`/bills/${bill.id}`, withForecast({ bill_id: bill.id, forecast, not_forecast: null }));
    const section = (await screen.findByRole('heading', { name: 'Odds' })).closest('section')!;
    expect(await within(section).findByText('About 1 in 20 chance to become law (5%)')).toBeInTheDocument();
    expect(within(section).getByText('About 1 in 8 chance to pass its chamber (12%)')).toBeInTheDocument();
    expect(within(section).getByText('About 1 in 3 chance to get out of committee (31%)')).toBeInTheDocument();
    const factors = within(section).getByRole('heading', { name: 'What moved the odds most' }).nextElementSibling!;
    expect(
      within(factors as HTMLElement)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      "The sponsor's party (Republican) holds the House majority: makes it 2.5 times as likely to become law",
      '12 original cosponsors, 5 from the other party: makes it 1.6 times as likely to become law',
      'Its title amends the Internal Revenue Code: makes it 2.0 times less likely to become law',
    ]);
    expect(within(section).getByRole('link', { name: /How the odds are made/ })).toHaveAttribute('href', '/forecast/model');
  });

  it('says plainly when the bill has no forecast yet', async () => {
    renderApp(`/bills/${bill.id}`, billPageReads);
    expect(await screen.findByText(/No forecast yet\. It has not been scored yet\./)).toBeInTheDocument();
  });

  it('shows a reached stage as done, and no odds of becoming law for a resolution', async () => {
    const resolution = { ...forecast, headline: 'passed_chamber' as const, p_reported: 1, p_enacted: 0, factors: [] };
    renderApp(`/bills/${bill.id}`, withForecast({ bill_id: bill.id, forecast: resolution, not_forecast: null }));
    const section = (await screen.findByRole('heading', { name: 'Odds' })).closest('section')!;
    expect(await within(section).findByText('Out of committee')).toBeInTheDocument();
    expect(within(section).queryByText(/become law/)).not.toBeInTheDocument();
  });
});
