/**
 * The forecast's model card (GET /api/forecast/model): what the model reads, what it was trained on, how well it
 * did on Congresses it never saw (AUC, Brier skill, calibration), and the public track record of the forecasts the
 * service published, scored as they resolved.
 */
import { useQuery } from '@tanstack/react-query';
import type { Schemas } from '../../../../typescript/index.ts';
import { useApi } from '../../api/api-context.tsx';
import { pageReads } from '../../app/page-reads.ts';
import { PageHeading } from '../../components/PageHeading.tsx';
import { EmptyState, QueryState } from '../../components/QueryState.tsx';
import { ordinal } from '../../words/format.ts';
import { EVENT_NAMES } from './forecast-words.ts';

type Card = Schemas['ForecastModelCard'];
type Bin = Schemas['CalibrationBin'];

const pct = (v: number) => `${(v * 100).toFixed(1)}%`;
const num = (v: number | null) => (v === null ? 'not yet' : v.toFixed(3));

export default function ForecastModelPage() {
  const { $api } = useApi();
  const card = useQuery(pageReads.forecastModel($api));
  return (
    <>
      <PageHeading>How the odds are made</PageHeading>
      <p>
        Each bill gets three odds: to be reported by a committee, to pass its chamber, and to become law. They come from a model trained on past Congresses,
        updated as the bill moves and gains cosponsors, and every forecast published here is kept and scored once what it forecast is known.
      </p>
      <QueryState query={card} label="Loading the model card…">
        {(d) => <CardBody card={d} />}
      </QueryState>
    </>
  );
}

function CardBody({ card }: { card: Card }) {
  return (
    <>
      <section aria-labelledby="track-heading">
        <h2 id="track-heading">Track record of published odds</h2>
        <p>{card.track_record.note}</p>
        {card.track_record.resolved === 0 ? (
          <EmptyState>No published forecast has resolved yet, so there is no score to show.</EmptyState>
        ) : (
          card.track_record.events
            .filter((e) => e.forecasts > 0)
            .map((e) => (
              <CalibrationTable
                key={e.event}
                caption={`${EVENT_NAMES[e.event]}: ${e.forecasts} resolved forecasts, ${e.happened} happened; Brier score ${num(e.brier)}, skill over the observed rate ${num(e.brier_skill)}`}
                bins={e.calibration}
              />
            ))
        )}
      </section>

      <section aria-labelledby="heldout-heading">
        <h2 id="heldout-heading">Tested on Congresses it never saw</h2>
        {card.held_out.length === 0 ? (
          <EmptyState>No held-out figures are recorded for this model.</EmptyState>
        ) : (
          card.held_out.map((split) => <HeldOutSplit key={split.congress} split={split} current={card.held_out_current} />)
        )}
      </section>

      <section aria-labelledby="model-heading">
        <h2 id="model-heading">The model</h2>
        <dl className="bw-dl">
          <dt>Version</dt>
          <dd>{card.model_version}</dd>
          <dt>Trained on</dt>
          <dd>
            The {congressSpan(card.training.congresses)} Congresses, calibrated on the {ordinal(card.training.calibration_congress)}
          </dd>
          <dt>Alerts</dt>
          <dd>{card.jump_rule}</dd>
        </dl>
        <h3>What it reads</h3>
        <ul className="usa-list">
          {card.features.map((g) => (
            <li key={g.factor}>
              {g.factor.replace(/_/g, ' ')}: {g.features.length} {g.features.length === 1 ? 'feature' : 'features'}
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}

/** The first to the last of a list of Congresses: "104th to 113th". */
const congressSpan = (congresses: readonly number[]) => `${ordinal(congresses[0] ?? 0)} to ${ordinal(congresses.at(-1) ?? 0)}`;

/** One held-out Congress: how the model was trained for it, and its figures and calibration, each table named for the Congress. */
function HeldOutSplit({ split, current }: { split: Card['held_out'][number]; current: boolean }) {
  const which = `the ${ordinal(split.congress)} Congress`;
  return (
    <div>
      <h3>
        The {ordinal(split.congress)} Congress ({split.bills.toLocaleString('en-US')} bills, scored at introduction)
      </h3>
      <p className="bw-muted">
        Trained on the {congressSpan(split.trained_on)} Congresses, calibrated on the {ordinal(split.calibrated_on)}; measured {split.measured_at}.
        {current ? '' : ' Measured with an earlier version of the model code.'}
      </p>
      {/* A phone scrolls the table sideways in its own region, which the keyboard must reach too. */}
      <div className="bw-table-wrap" tabIndex={0} role="region" aria-label={`Figures per event, ${which}, scrollable`}>
        <table className="usa-table usa-table--borderless usa-table--compact">
          <caption>Figures per event, {which}</caption>
          <thead>
            <tr>
              <th scope="col">Event</th>
              <th scope="col">Base rate</th>
              <th scope="col">AUC</th>
              <th scope="col">Brier skill</th>
              <th scope="col">AUC of a plain logistic regression</th>
            </tr>
          </thead>
          <tbody>
            {split.events.map((e) => (
              <tr key={e.event}>
                <th scope="row">{EVENT_NAMES[e.event]}</th>
                <td>{pct(e.base_rate)}</td>
                <td>{e.auc.toFixed(3)}</td>
                <td>{e.brier_skill.toFixed(3)}</td>
                <td>{e.baseline_auc.toFixed(3)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {split.events.map((e) => (
        <CalibrationTable key={e.event} caption={`Calibration, ${EVENT_NAMES[e.event].toLowerCase()}, ${which}`} bins={e.calibration} />
      ))}
    </div>
  );
}

function CalibrationTable({ caption, bins }: { caption: string; bins: Bin[] }) {
  return (
    <div className="bw-table-wrap" tabIndex={0} role="region" aria-label={`${caption}, scrollable`}>
      <table className="usa-table usa-table--borderless usa-table--compact">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Forecast between</th>
            <th scope="col">Bills</th>
            <th scope="col">Forecast on average</th>
            <th scope="col">Happened</th>
          </tr>
        </thead>
        <tbody>
          {bins.map((b) => (
            <tr key={b.from}>
              <th scope="row">
                {Math.round(b.from * 100)}–{Math.round(b.to * 100)}%
              </th>
              <td>{b.bills.toLocaleString('en-US')}</td>
              <td>{pct(b.predicted)}</td>
              <td>{pct(b.observed)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
