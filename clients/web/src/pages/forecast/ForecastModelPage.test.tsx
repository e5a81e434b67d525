import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Schemas } from '../../../../typescript/index.ts';
import { renderApp } from '../../test/render.tsx';

const bins = [
  { from: 0, to: 0.1, bills: 9000, predicted: 0.02, observed: 0.021 },
  { from: 0.9, to: 1, bills: 120, predicted: 0.93, observed: 0.91 },
];
const emptyRecord: Schemas['ForecastModelCard']['track_record']['events'] = (['reported', 'passed_chamber', 'enacted'] as const).map((event) => ({
  event,
  forecasts: 0,
  happened: 0,
  brier: null,
  brier_skill: null,
  calibration: [],
}));
const card: Schemas['ForecastModelCard'] = {
  model_version: 'forecast-7623cf91-59093af5',
  training: { congresses: [104, 105, 114], calibration_congress: 114, dataset: 'bill-outcomes/train.jsonl.gz', seed: 35 },
  stages: ['reported', 'passed_chamber', 'enacted'],
  features: [{ factor: 'cosponsors', features: ['cosponsors', 'cosponsors_other_party'] }],
  held_out: [
    {
      congress: 114,
      trained_on: [104, 113],
      calibrated_on: 113,
      bills: 10000,
      measured_at: '2026-12-07',
      code_sha256: 'x',
      dataset_sha256: 'y',
      events: [{ event: 'enacted', base_rate: 0.03, auc: 0.95, brier: 0.02, brier_skill: 0.35, baseline_auc: 0.82, calibration: bins }],
    },
  ],
  held_out_current: true,
  track_record: { events: emptyRecord, resolved: 0, note: 'No published forecast has resolved yet.' },
  jump_rule: 'A bill you support or oppose sends "Odds changed" when its chance of becoming law moves by 10 percentage points or more.',
};

describe('the model card page', () => {
  it('shows the held-out figures and calibration, and says plainly the track record is empty', async () => {
    renderApp('/forecast/model', (c) => (c.path === '/api/forecast/model' ? { body: card } : undefined));
    expect(await screen.findByRole('heading', { level: 1, name: 'How the odds are made' })).toBeInTheDocument();
    expect(await screen.findByText('No published forecast has resolved yet, so there is no score to show.')).toBeInTheDocument();
    const figures = screen.getByRole('table', { name: 'Figures per event, the 114th Congress' });
    const row = within(figures).getByRole('row', { name: /Became law/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['3.0%', '0.950', '0.350', '0.820']);
    const calibration = screen.getByRole('table', { name: 'Calibration, became law, the 114th Congress' });
    expect(within(calibration).getAllByRole('row')).toHaveLength(3);
    expect(screen.getByText(card.jump_rule)).toBeInTheDocument();
  });

  it('shows the running score of resolved forecasts once there are some', async () => {
    const events = emptyRecord.map((e) =>
      e.event === 'enacted'
        ? { ...e, forecasts: 40, happened: 2, brier: 0.04, brier_skill: 0.2, calibration: [{ from: 0, to: 0.1, bills: 40, predicted: 0.04, observed: 0.05 }] }
        : e,
    );
    renderApp('/forecast/model', (c) =>
      c.path === '/api/forecast/model' ? { body: { ...card, track_record: { events, resolved: 40, note: 'Every forecast.' } } } : undefined,
    );
    expect(
      await screen.findByRole('table', { name: 'Became law: 40 resolved forecasts, 2 happened; Brier score 0.040, skill over the observed rate 0.200' }),
    ).toBeInTheDocument();
  });

  it("names each held-out Congress's tables and scrolling regions apart, so a screen reader's list of them is not the same name twice", async () => {
    const earlier = { ...card.held_out[0]!, congress: 113, trained_on: [104, 112], calibrated_on: 112 };
    renderApp('/forecast/model', (c) => (c.path === '/api/forecast/model' ? { body: { ...card, held_out: [card.held_out[0]!, earlier] } } : undefined));
    expect(await screen.findByRole('heading', { level: 3, name: /^The 113th Congress/ })).toBeInTheDocument();
    for (const congress of ['113th', '114th']) {
      expect(screen.getByRole('table', { name: `Figures per event, the ${congress} Congress` })).toBeInTheDocument();
      expect(screen.getByRole('table', { name: `Calibration, became law, the ${congress} Congress` })).toBeInTheDocument();
    }
    const scrolling = screen.getAllByRole('region', { name: /scrollable$/ }).map((r) => r.getAttribute('aria-label'));
    expect(scrolling).toHaveLength(4);
    expect(new Set(scrolling).size).toBe(4);
    expect(screen.getByText(/Trained on the 104th to 112th Congresses, calibrated on the 112th/)).toBeInTheDocument();
  });
});
