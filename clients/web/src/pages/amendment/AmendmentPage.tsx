/**
 * One amendment: its purpose, sponsor, the bill (and amendment) it amends, its status, its published text, its
 * actions, and each roll call on it with every member's position.
 */
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import type { Schemas } from '../../../../typescript/index.ts';
import { useApi } from '../../api/api-context.tsx';
import { pageReads } from '../../app/page-reads.ts';
import { PageHeading } from '../../components/PageHeading.tsx';
import { ErrorState, LoadingPlaceholder } from '../../components/QueryState.tsx';
import { AMENDMENT_STATUS_WORDS } from '../../words/amendment-status.ts';
import { displayName, formatDate, memberPlace } from '../../words/format.ts';
import { AmendmentRollCalls } from './AmendmentRollCalls.tsx';

export default function AmendmentPage() {
  const params = useParams();
  const { id = '' } = params;
  const { $api } = useApi();
  const amendment = useQuery(pageReads.amendment($api, params));
  if (amendment.isPending) return <LoadingPlaceholder label="Loading the amendment…" lines={6} />;
  if (amendment.error || !amendment.data)
    return (
      <>
        <PageHeading>Amendment {id}</PageHeading>
        <ErrorState error={amendment.error} onRetry={() => void amendment.refetch()} />
        <p>
          <Link to="/bills">Browse bills</Link>: each bill lists its amendments.
        </p>
      </>
    );
  return <AmendmentView a={amendment.data} />;
}

function AmendmentView({ a }: { a: Schemas['Amendment'] }) {
  const about = a.purpose ?? a.description;
  return (
    <>
      <PageHeading title={a.label}>{a.label}</PageHeading>
      {about && <p className="font-sans-lg">{about}</p>}
      <dl className="bw-dl">
        <dt>Status</dt>
        <dd>
          {AMENDMENT_STATUS_WORDS[a.status]}
          {a.status_date ? `, ${formatDate(a.status_date)}` : ''}
        </dd>
        <dt>Sponsor</dt>
        <dd>
          {a.sponsor ? (
            <>
              <Link to={`/members/${a.sponsor.id}`}>{displayName(a.sponsor.name)}</Link> ({memberPlace(a.sponsor)})
            </>
          ) : (
            (a.sponsor_committee ?? 'Not recorded')
          )}
        </dd>
        <dt>Amends</dt>
        <dd>
          {a.amended_amendment_id && (
            <>
              <Link to={`/amendments/${a.amended_amendment_id}`}>amendment {a.amended_amendment_id}</Link> to{' '}
            </>
          )}
          {a.amended_bill_id ? (
            <Link to={`/bills/${a.amended_bill_id}`}>
              {a.amended_bill_label}
              {a.amended_bill_title ? `: ${a.amended_bill_title}` : ''}
            </Link>
          ) : a.amended_treaty ? (
            `Treaty document ${a.amended_treaty.congress}-${a.amended_treaty.number}`
          ) : (
            'Not recorded'
          )}
        </dd>
        <dt>Chamber</dt>
        <dd>{a.chamber === 'house' ? 'House' : 'Senate'}</dd>
      </dl>
      <section aria-labelledby="amendment-text-heading">
        <h2 id="amendment-text-heading">Text</h2>
        {a.text_versions.length === 0 ? (
          <p>No text of this amendment is published yet.</p>
        ) : (
          <ul className="usa-list">
            {a.text_versions.map((v) => (
              <li key={`${v.type}-${v.date ?? ''}`}>
                {v.type}
                {v.date ? `, ${formatDate(v.date)}` : ''}:{' '}
                {v.formats.map((f, i) => (
                  <span key={f.url}>
                    {i > 0 && ', '}
                    <a href={f.url}>{f.type}</a>
                  </span>
                ))}
              </li>
            ))}
          </ul>
        )}
      </section>
      <AmendmentRollCalls rollCalls={a.roll_calls} />
      <section aria-labelledby="amendment-actions-heading">
        <h2 id="amendment-actions-heading">Actions</h2>
        <ol className="usa-list usa-list--unstyled">
          {a.actions.map((x, i) => (
            <li key={`${x.action_date}-${i}`} className="margin-bottom-1">
              <strong>{formatDate(x.action_date)}</strong>: {x.text}
            </li>
          ))}
        </ol>
      </section>
      <p className="bw-source">As of {formatDate(a.data_as_of)}.</p>
    </>
  );
}
