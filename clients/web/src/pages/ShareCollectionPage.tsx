// A shared public collection (/share/collection/:token): its name and bills.
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { useApi } from '../api/api-context.tsx';
import { pageReads } from '../app/page-reads.ts';
import { BillCard } from '../components/BillCard.tsx';
import { PageHeading } from '../components/PageHeading.tsx';
import { ShareMeta } from '../components/ShareMeta.tsx';
import { EmptyState, ErrorState, LoadingPlaceholder } from '../components/QueryState.tsx';
import { formatDate, plural } from '../words/format.ts';

export default function ShareCollectionPage() {
  const { $api } = useApi();
  const shared = useQuery(pageReads.sharedCollection($api, useParams()));
  const c = shared.data;
  if (shared.isPending) return <LoadingPlaceholder label="Loading the shared collection…" lines={5} />;
  if (shared.error || !c)
    return (
      <>
        <PageHeading>Shared collection</PageHeading>
        <ErrorState error={shared.error} onRetry={() => void shared.refetch()} />
        <p>
          The collection may be private now, or the link was replaced. <Link to="/bills">Browse bills</Link>
        </p>
      </>
    );
  return (
    <>
      <ShareMeta title={`${c.name}: a collection of bills on BillWatch`} description={c.bills.items.map((b) => b.label).join(', ')} />
      <p className="margin-top-3 margin-bottom-0 text-bold">Shared collection</p>
      <PageHeading>{c.name}</PageHeading>
      <p>
        {plural(c.bill_count, 'bill')}, last changed {formatDate(c.updated_at)}.
      </p>
      {c.bills.items.length === 0 ? (
        <EmptyState>This collection holds no bills yet.</EmptyState>
      ) : (
        <ul className="bw-card-list">
          {c.bills.items.map((b) => (
            <li key={b.id}>
              <BillCard bill={b} headingLevel={2} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
