/**
 * Every committee of Congress, grouped by chamber: each full committee with its member count and its subcommittees
 * beneath it, each linked to its page.
 */
import { Link } from 'react-router';
import { PageHeading } from '../../components/PageHeading.tsx';
import { ErrorState, LoadingPlaceholder } from '../../components/QueryState.tsx';
import { useCommittees, type CommitteeItem } from '../../schedule/use-committees.ts';
import { plural } from '../../words/format.ts';

const CHAMBERS = [
  { chamber: 'house', heading: 'House committees' },
  { chamber: 'senate', heading: 'Senate committees' },
  { chamber: 'joint', heading: 'Joint committees' },
] as const;

export default function CommitteesPage() {
  const { query } = useCommittees();
  return (
    <>
      <PageHeading>Committees</PageHeading>
      <p>
        Every committee and subcommittee of the House and Senate, with who sits on it, the bills referred to it and its meetings. Follow one to hear of
        referrals, reports and meetings before they happen.
      </p>
      {query.isPending ? (
        <LoadingPlaceholder label="Loading the committees…" lines={6} />
      ) : query.error || !query.data ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <>
          <nav aria-label="Chambers">
            <ul className="usa-list usa-list--unstyled display-flex flex-wrap gap-2">
              {CHAMBERS.map(({ chamber, heading }) => (
                <li key={chamber}>
                  <a href={`#${chamber}-committees`}>{heading}</a>
                </li>
              ))}
            </ul>
          </nav>
          {CHAMBERS.map(({ chamber, heading }) => (
            <ChamberList key={chamber} id={`${chamber}-committees`} heading={heading} committees={query.data.filter((c) => c.chamber === chamber)} />
          ))}
        </>
      )}
    </>
  );
}

function ChamberList({ id, heading, committees }: { id: string; heading: string; committees: CommitteeItem[] }) {
  const full = committees.filter((c) => c.parent_id === null);
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{heading}</h2>
      {full.length === 0 ? (
        <p>None listed.</p>
      ) : (
        <ul className="usa-list">
          {full.map((c) => {
            const subs = committees.filter((s) => s.parent_id === c.id);
            return (
              <li key={c.id}>
                <Link to={`/committees/${c.id}`}>{c.name}</Link> <span className="bw-muted">({plural(c.member_count, 'member')})</span>
                {subs.length > 0 && (
                  <details>
                    <summary>{plural(subs.length, 'subcommittee')}</summary>
                    <ul className="usa-list">
                      {subs.map((s) => (
                        <li key={s.id}>
                          <Link to={`/committees/${s.id}`}>{s.name}</Link>
                        </li>
                      ))}
                    </ul>
                  </details>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
