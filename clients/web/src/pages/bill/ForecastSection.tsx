// The bill's odds in plain words (reported, passed its chamber, became law), the three facts that moved them most, and a link to the model card.
import { Link } from 'react-router';
import type { Schemas } from '../../../../typescript/index.ts';
import { useApi } from '../../api/api-context.tsx';
import { EmptyState, QueryState } from '../../components/QueryState.tsx';
import { formatDate } from '../../words/format.ts';
import { factorWords, oddsSentence } from '../forecast/forecast-words.ts';

type Forecast = Schemas['BillForecast'];

const EVENTS = [
  { key: 'enacted', p: 'p_enacted', verb: 'to become law' },
  { key: 'passed_chamber', p: 'p_passed_chamber', verb: 'to pass its chamber' },
  { key: 'reported', p: 'p_reported', verb: 'to get out of committee' },
] as const;

export function ForecastSection({ billId }: { billId: string }) {
  const { $api } = useApi();
  const forecast = $api.useQuery('get', '/api/bills/{id}/forecast', { params: { path: { id: billId } } });
  return (
    <section aria-labelledby="forecast-heading">
      <h2 id="forecast-heading">Odds</h2>
      <QueryState query={forecast} label="Loading the forecast…">
        {(d) => (d.forecast ? <ForecastBody forecast={d.forecast} /> : <EmptyState>No forecast yet. {d.not_forecast}</EmptyState>)}
      </QueryState>
    </section>
  );
}

function ForecastBody({ forecast: f }: { forecast: Forecast }) {
  // A resolution cannot become law: its odds of enactment are not shown.
  const events = EVENTS.filter((e) => e.key !== 'enacted' || f.headline === 'enacted');
  return (
    <>
      <ul className="usa-list usa-list--unstyled bw-card">
        {events.map((e) => (
          <li key={e.key} className="margin-bottom-1">
            {oddsSentence(f, e.key, e.p, e.verb)}
          </li>
        ))}
      </ul>
      {f.factors.length > 0 && (
        <>
          <h3>What moved the odds most</h3>
          <ul className="usa-list">
            {f.factors.map((factor) => (
              <li key={factor.key}>{factorWords(factor, f.headline)}</li>
            ))}
          </ul>
        </>
      )}
      <p className="bw-source">
        {f.retrospective ? 'Scored after its Congress ended, for reference; ' : ''}Forecast of {formatDate(f.as_of)} by model {f.model_version}.{' '}
        <Link to="/forecast/model">How the odds are made, and how past odds have done</Link>
      </p>
    </>
  );
}
