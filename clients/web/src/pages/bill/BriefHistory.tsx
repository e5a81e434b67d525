// Every brief of the bill, newest first: full briefs of each text version and amendment briefs of what changed.
import { useApi } from '../../api/api-context.tsx';
import { EmptyState, QueryState } from '../../components/QueryState.tsx';
import { formatDate } from '../../words/format.ts';
import { BriefBody, BriefProvenance, type CitationTarget } from './BriefSection.tsx';

export function BriefHistory({ billId, onCite }: { billId: string; onCite: (c: CitationTarget) => void }) {
  const { $api } = useApi();
  const briefs = $api.useQuery('get', '/api/bills/{id}/briefs', { params: { path: { id: billId }, query: { limit: 100 } } });
  return (
    <section aria-labelledby="history-heading">
      <h2 id="history-heading">Brief history and what changed</h2>
      <QueryState query={briefs} label="Loading the brief history…">
        {(d) =>
          d.items.length === 0 ? (
            <EmptyState>No brief is written yet. A brief appears once the bill&apos;s text is published and read.</EmptyState>
          ) : (
            d.items.map((b) => (
              <details key={b.version} className="margin-y-1">
                <summary>
                  Version {b.version}:{' '}
                  {b.type === 'amendment'
                    ? `What changed from “${b.previous_text_version_code}” to “${b.text_version_code}”`
                    : `Brief of text “${b.text_version_code}”`}{' '}
                  ({formatDate(b.created_at)})
                </summary>
                <BriefBody brief={b} onCite={onCite} />
                <BriefProvenance brief={b} />
              </details>
            ))
          )
        }
      </QueryState>
    </section>
  );
}
