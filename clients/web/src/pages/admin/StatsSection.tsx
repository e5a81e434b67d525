// Processing stats: how far the pipeline has got through the stored bills.
import { useApi } from '../../api/api-context.tsx';
import { QueryState } from '../../components/QueryState.tsx';

const LABELS: Array<[string, string]> = [
  ['total_bills', 'Bills stored'],
  ['documents_fetched', 'Bill texts fetched'],
  ['briefs_full', 'Full briefs'],
  ['briefs_amendment', 'Amendment briefs'],
  ['remaining', 'Texts waiting for a brief'],
  ['uncited_briefs', 'Briefs with an uncited point'],
  ['withheld_points', 'Brief points withheld (quote not in the text)'],
  ['unlabeled_briefs', 'Briefs with an unlabelled point'],
  ['bills_missing_sponsor', 'Bills without a sponsor'],
  ['bills_missing_metadata', 'Bills missing details'],
];

export function StatsSection() {
  const { $api } = useApi();
  const stats = $api.useQuery('get', '/api/admin/stats');
  return (
    <section aria-labelledby="admin-stats">
      <h2 id="admin-stats">Processing</h2>
      <QueryState query={stats} label="Loading the processing figures…">
        {(s) => (
          <table className="usa-table usa-table--borderless">
            <caption className="usa-sr-only">Processing figures</caption>
            <tbody>
              {LABELS.map(([key, label]) => (
                <tr key={key}>
                  <th scope="row">{label}</th>
                  <td>{String((s as Record<string, unknown>)[key] ?? '–')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </QueryState>
    </section>
  );
}
