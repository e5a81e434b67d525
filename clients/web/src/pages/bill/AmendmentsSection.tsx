// The amendments to the bill: each with its status, sponsor, purpose and latest action, linking to its own page.
import { Link } from 'react-router';
import { useApi } from '../../api/api-context.tsx';
import { EmptyState, QueryState } from '../../components/QueryState.tsx';
import { AMENDMENT_STATUS_WORDS } from '../../words/amendment-status.ts';
import { displayName, formatDate } from '../../words/format.ts';

export function AmendmentsSection({ billId }: { billId: string }) {
  const { $api } = useApi();
  const amendments = $api.useQuery('get', '/api/bills/{id}/amendments', { params: { path: { id: billId }, query: { limit: 100 } } });
  return (
    <section aria-labelledby="amendments-heading">
      <h2 id="amendments-heading">Amendments</h2>
      <QueryState query={amendments} label="Loading the amendments…">
        {(d) =>
          d.items.length === 0 ? (
            <EmptyState>No amendment to this bill is recorded.</EmptyState>
          ) : (
            <ul className="usa-list usa-list--unstyled">
              {d.items.map((a) => (
                <li key={a.id} className="bw-card margin-bottom-2">
                  <h3 className="margin-y-0">
                    <Link to={`/amendments/${a.id}`}>{a.label}</Link>: {AMENDMENT_STATUS_WORDS[a.status]}
                    {a.status_date ? `, ${formatDate(a.status_date)}` : ''}
                  </h3>
                  {a.sponsor && <p className="margin-y-05">Sponsor: {displayName(a.sponsor.name)}</p>}
                  {(a.purpose ?? a.description) && <p className="margin-y-05">{a.purpose ?? a.description}</p>}
                  {a.latest_action && (
                    <p className="font-sans-xs bw-muted margin-y-05">
                      Latest action, {formatDate(a.latest_action.date)}: {a.latest_action.text}
                    </p>
                  )}
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>
    </section>
  );
}
