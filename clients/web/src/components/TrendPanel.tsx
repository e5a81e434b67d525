/**
 * The public-interest score (0-100) of a bill or member: the latest score with each signal behind it (raw value,
 * 0-100 value, weight), the signals that were missing and why, and the recent days as accessible bars.
 */
import type { Schemas } from '../../../typescript/index.ts';
import { formatDate, formatDateTime } from '../words/format.ts';
import { EmptyState } from './QueryState.tsx';

const SIGNALS = { search_trends: 'Search interest', news_search: 'News search articles', news_rss: 'News feed items' } as const;
const REASONS = {
  not_configured: 'not set up',
  quota_low: 'daily quota nearly used',
  failed: 'the source failed',
  disabled_by_admin: 'switched off by the admin',
} as const;

export function TrendPanel({ days, subject }: { days: Schemas['TrendDay'][]; subject: string }) {
  const latest = days[0];
  if (!latest) return <EmptyState>No public-interest score for {subject} yet: scores are computed daily from news coverage and search interest.</EmptyState>;
  const recent = days.slice(0, 14).reverse();
  return (
    <>
      <p className="font-sans-lg">
        <strong>{latest.score}</strong> of 100 on {formatDate(latest.date)}
      </p>
      <div className="bw-table-wrap">
        <table className="usa-table usa-table--borderless usa-table--compact">
          <caption>What made the score of {formatDate(latest.date)}</caption>
          <thead>
            <tr>
              <th scope="col">Signal</th>
              <th scope="col">Measured</th>
              <th scope="col">On a 0-100 scale</th>
              <th scope="col">Weight</th>
            </tr>
          </thead>
          <tbody>
            {(Object.keys(SIGNALS) as (keyof typeof SIGNALS)[]).map((k) => {
              const s = latest.signals[k];
              const missing = latest.missing_signals.find((m) => m.signal === k);
              return (
                <tr key={k}>
                  <th scope="row">{SIGNALS[k]}</th>
                  {s ? (
                    <>
                      <td>{s.raw}</td>
                      <td>{s.normalised}</td>
                      <td>{Math.round(s.weight * 100)}%</td>
                    </>
                  ) : (
                    <td colSpan={3}>Not measured{missing ? `: ${REASONS[missing.reason]}` : ''}</td>
                  )}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {recent.length > 1 && (
        <>
          <h3>Recent days</h3>
          <ul className="usa-list usa-list--unstyled">
            {recent.map((d) => (
              <li key={d.date} className="display-flex flex-align-center gap-1 margin-bottom-1">
                <span style={{ minWidth: '7rem' }}>{formatDate(d.date)}</span>
                <span className="bw-bar" style={{ maxWidth: '20rem' }} aria-hidden="true">
                  <span className="bw-bar__fill" style={{ width: `${d.score}%` }} />
                </span>
                <span>{d.score}</span>
              </li>
            ))}
          </ul>
        </>
      )}
      <p className="bw-source">Computed {formatDateTime(latest.computed_at)} from news search, news RSS feeds and search-trend data.</p>
    </>
  );
}
