/**
 * One member of Congress: profile and contact, terms, leadership, committee chairs, effectiveness score with its
 * tier and percentile, sponsored and cosponsored bills, recent votes, news and public interest; follow for members.
 */
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import type { Schemas } from '../../../../typescript/index.ts';
import { useApi } from '../../api/api-context.tsx';
import { pageReads } from '../../app/page-reads.ts';
import { PageHeading } from '../../components/PageHeading.tsx';
import { EmptyState, ErrorState, LoadingPlaceholder } from '../../components/QueryState.tsx';
import { FollowToggle } from '../../follow/FollowToggle.tsx';
import { displayName, formatDate, memberPlace, partyName } from '../../words/format.ts';
import { MemberBillsSection } from './MemberBillsSection.tsx';
import { InterestSection, NewsSection, VotesSection } from './MemberActivitySections.tsx';
import { MemberPhoto } from './MemberPhoto.tsx';

export default function MemberPage() {
  const params = useParams();
  const { id = '' } = params;
  const { $api } = useApi();
  const member = useQuery(pageReads.member($api, params));
  if (member.isPending) return <LoadingPlaceholder label="Loading the member…" lines={6} />;
  if (member.error || !member.data)
    return (
      <>
        <PageHeading>Member {id}</PageHeading>
        <ErrorState error={member.error} onRetry={() => void member.refetch()} />
        <p>
          <Link to="/representatives">Find your representatives</Link> or <Link to="/search">search members</Link>.
        </p>
      </>
    );
  return <MemberView m={member.data} />;
}

const TIER_WORDS = { top: 'Top third', middle: 'Middle third', bottom: 'Bottom third' } as const;
const SENIORITY = { junior: 'junior', mid: 'mid-career', senior: 'senior' } as const;

function MemberView({ m }: { m: Schemas['Member'] }) {
  const name = displayName(m.name);
  const title = m.chamber === 'senate' ? 'Senator' : m.chamber === 'house' ? 'Representative' : 'Member';
  return (
    <>
      <div className="display-flex flex-wrap gap-2 flex-align-center">
        <MemberPhoto url={m.photo_url} name={name} />
        <div>
          <PageHeading title={`${title} ${name}`}>
            {title} {name}
          </PageHeading>
          <p className="font-sans-lg margin-0">
            {partyName(m.party)}, {m.state}
            {m.chamber === 'house' && m.district !== null ? (m.district === 0 ? ' (at large)' : `, district ${m.district}`) : ''}
          </p>
        </div>
      </div>
      <div className="margin-y-2">
        <FollowToggle type="member" id={m.id} name={name} />
      </div>
      {m.enrichment_pending && <p className="bw-muted">The full profile (terms, leadership, counts) is being gathered: look again in a minute.</p>}
      <dl className="bw-dl">
        {m.phone && (
          <>
            <dt>Phone</dt>
            <dd>
              <a href={`tel:${m.phone}`}>{m.phone}</a>
            </dd>
          </>
        )}
        {m.office_address && (
          <>
            <dt>Office</dt>
            <dd>{m.office_address}</dd>
          </>
        )}
        {m.website && (
          <>
            <dt>Website</dt>
            <dd className="bw-wrap">
              <a href={m.website}>{m.website}</a>
            </dd>
          </>
        )}
        {m.birth_year && (
          <>
            <dt>Born</dt>
            <dd>{m.birth_year}</dd>
          </>
        )}
        {m.sponsored_count !== null && (
          <>
            <dt>Bills sponsored</dt>
            <dd>{m.sponsored_count}</dd>
          </>
        )}
        {m.cosponsored_count !== null && (
          <>
            <dt>Bills cosponsored</dt>
            <dd>{m.cosponsored_count}</dd>
          </>
        )}
      </dl>
      <p className="bw-source">
        Profile from Congress.gov and the congress-legislators dataset as of {formatDate(m.data_as_of)}.
        {m.congress_gov_url && (
          <>
            {' '}
            <a href={m.congress_gov_url}>This member on Congress.gov</a>
          </>
        )}
      </p>

      <section aria-labelledby="eff-heading">
        <h2 id="eff-heading">Effectiveness</h2>
        {m.effectiveness_score === null ? (
          <EmptyState>Not scored yet: scores are computed nightly from how far the member&apos;s sponsored bills travel.</EmptyState>
        ) : (
          <>
            <p className="font-sans-lg">
              <strong>{m.effectiveness_score.toFixed(1)}</strong> points · {m.tier ? TIER_WORDS[m.tier] : 'tier unknown'}
              {m.percentile !== null && `, ${Math.round(m.percentile)}th percentile`}
            </p>
            {m.percentile !== null && (
              <div className="bw-bar" style={{ maxWidth: '30rem' }} role="img" aria-label={`${Math.round(m.percentile)}th percentile`}>
                <span className="bw-bar__fill" style={{ width: `${m.percentile}%` }} />
              </div>
            )}
            <p className="bw-source">
              Compared with other {m.seniority_tier ? SENIORITY[m.seniority_tier] : ''} {partyName(m.party)} members. Points for each sponsored bill by how far
              it went (introduced 1 to law 5), ×1.5 with a cosponsor from another party, ×0.1 for commemorative bills, ×1.2 for committee chairs. Computed{' '}
              {formatDate(m.effectiveness_computed_at)}.
            </p>
          </>
        )}
      </section>

      <section aria-labelledby="terms-heading">
        <h2 id="terms-heading">Terms and leadership</h2>
        {m.leadership_roles.length > 0 && (
          <ul className="usa-list">
            {m.leadership_roles.map((r) => (
              <li key={`${r.title}-${r.congress}`}>
                {r.title}
                {r.congress ? ` (${r.congress}th Congress)` : ''}
                {r.current ? ', current' : ''}
              </li>
            ))}
          </ul>
        )}
        {m.chaired_committees && m.chaired_committees.length > 0 && <p>Chairs: {m.chaired_committees.join('; ')}</p>}
        {m.terms.length === 0 ? (
          <p>No terms recorded yet.</p>
        ) : (
          <div className="bw-table-wrap">
            <table className="usa-table usa-table--borderless usa-table--compact">
              <caption className="usa-sr-only">Terms served, oldest first</caption>
              <thead>
                <tr>
                  <th scope="col">Years</th>
                  <th scope="col">Chamber</th>
                  <th scope="col">Congress</th>
                  <th scope="col">Seat</th>
                </tr>
              </thead>
              <tbody>
                {m.terms.map((t, i) => (
                  <tr key={i}>
                    <td>
                      {t.start_year ?? '?'}–{t.end_year ?? ''}
                    </td>
                    <td>{t.chamber === 'house' ? 'House' : 'Senate'}</td>
                    <td>{t.congress ?? ''}</td>
                    <td>{memberPlace({ party: t.party, state: t.state, district: t.district })}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <MemberBillsSection memberId={m.id} memberName={name} role="sponsored" />
      <MemberBillsSection memberId={m.id} memberName={name} role="cosponsored" />
      <VotesSection memberId={m.id} />
      <NewsSection memberId={m.id} memberName={name} />
      <InterestSection memberId={m.id} memberName={name} />
    </>
  );
}
