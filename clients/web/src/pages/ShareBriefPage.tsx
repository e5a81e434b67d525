// A shared brief (/share/brief/:token), the page people send each other: the bill, its brief and its cited points.
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { useApi } from '../api/api-context.tsx';
import { pageReads } from '../app/page-reads.ts';
import { DocumentBadge } from '../components/DocumentBadge.tsx';
import { PageHeading } from '../components/PageHeading.tsx';
import { ShareMeta } from '../components/ShareMeta.tsx';
import { ErrorState, LoadingPlaceholder } from '../components/QueryState.tsx';
import { formatDate } from '../words/format.ts';
import { BriefBody } from './bill/BriefSection.tsx';

export default function ShareBriefPage() {
  const { $api } = useApi();
  const shared = useQuery(pageReads.sharedBrief($api, useParams()));
  const bill = shared.data?.bill;
  if (shared.isPending) return <LoadingPlaceholder label="Loading the shared brief…" lines={5} />;
  if (shared.error || !shared.data)
    return (
      <>
        <PageHeading>Shared brief</PageHeading>
        <ErrorState error={shared.error} onRetry={() => void shared.refetch()} />
        <p>
          The link may be mistyped, or the brief was replaced. <Link to="/bills">Browse bills</Link>
        </p>
      </>
    );
  const { brief } = shared.data;
  const title = bill ? `${bill.label}: ${bill.short_title ?? bill.title}` : 'A shared bill brief';
  return (
    <article>
      <ShareMeta title={title} description={brief.summary} />
      <p className="margin-top-3 margin-bottom-0 text-bold">Shared brief{bill ? ` · ${bill.label}` : ''}</p>
      <PageHeading title={title}>{bill ? (bill.short_title ?? bill.title) : 'A shared bill brief'}</PageHeading>
      {bill && (
        <div className="display-flex flex-wrap gap-1 flex-align-center margin-bottom-2">
          <DocumentBadge status={bill.document_status} />
          {bill.latest_action_text && (
            <span className="font-sans-xs">
              Latest action ({formatDate(bill.latest_action_date)}): {bill.latest_action_text}
            </span>
          )}
        </div>
      )}
      <BriefBody brief={{ ...brief, uncited: brief.points.length > 0 && brief.points.every((p) => !p.citation) }} headingLevel={2} />
      <p className="bw-source">
        Brief version {brief.version} of {formatDate(brief.created_at)},{' '}
        {brief.method === 'llm' ? 'written by a language model' : 'extracted from the text without a language model'}. Points marked “From the text” quote the
        bill.
      </p>
      {bill && (
        <p className="margin-top-3">
          <Link className="usa-button" to={`/bills/${bill.id}`}>
            See the whole bill: text, votes and status
          </Link>
        </p>
      )}
    </article>
  );
}
