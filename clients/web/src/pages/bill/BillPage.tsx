/**
 * One bill: what it is, who sponsored it, where it stands, its cited brief and text, its record in Congress, the
 * odds of moving (the forecast), votes, news and public interest, and the personal controls (follow with a stance, note, collections, letter).
 * `?follow=1` opens the follow dialog and `?letter=1` the letter, as notification links do.
 */
import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams, useSearchParams } from 'react-router';
import type { Schemas } from '../../../../typescript/index.ts';
import { useApi } from '../../api/api-context.tsx';
import { pageReads } from '../../app/page-reads.ts';
import { DocumentBadge } from '../../components/DocumentBadge.tsx';
import { CopyButton } from '../../components/CopyButton.tsx';
import { PageHeading } from '../../components/PageHeading.tsx';
import { EmptyState, ErrorState, LoadingPlaceholder } from '../../components/QueryState.tsx';
import { StatusTimeline } from '../../components/StatusTimeline.tsx';
import { FollowBillDialog } from '../../follow/FollowBillDialog.tsx';
import { useFollowOf } from '../../follow/use-follows.ts';
import { useSession } from '../../session/session-context.tsx';
import { useRequireSignIn } from '../../session/sign-in-prompt.tsx';
import { displayName, formatDate, memberPlace } from '../../words/format.ts';
import { stanceLabel } from '../../words/stance-words.ts';
import { AddToCollectionDialog } from './AddToCollectionDialog.tsx';
import { ActionsSection, CosponsorsSection, RelatedSection } from './BillRecordSections.tsx';
import { InterestSection, NewsSection } from './BillCoverageSections.tsx';
import { BriefHistory } from './BriefHistory.tsx';
import { BriefBody, BriefProvenance, type CitationTarget } from './BriefSection.tsx';
import { LetterDialog } from './LetterDialog.tsx';
import { NoteSection } from './NoteSection.tsx';
import { ReprocessSection } from './ReprocessSection.tsx';
import { TextSection } from './TextSection.tsx';
import { VotesSection } from './VotesSection.tsx';
import { ForecastSection } from './ForecastSection.tsx';
import { topicWords } from '../../words/topic-words.ts';

export default function BillPage() {
  const params = useParams();
  const { id = '' } = params;
  const { $api } = useApi();
  const bill = useQuery(pageReads.bill($api, params));
  if (bill.isPending) return <LoadingPlaceholder label="Loading the bill…" lines={6} />;
  if (bill.error || !bill.data)
    return (
      <>
        <PageHeading>Bill {id}</PageHeading>
        <ErrorState error={bill.error} onRetry={() => void bill.refetch()} />
        <p>
          <Link to="/bills">Browse bills</Link> or <Link to="/search">search</Link>.
        </p>
      </>
    );
  return <BillView bill={bill.data} />;
}

type Bill = Schemas['Bill'];

function BillView({ bill }: { bill: Bill }) {
  const { signedIn } = useSession();
  const requireSignIn = useRequireSignIn();
  const [search, setSearch] = useSearchParams();
  const { follow } = useFollowOf('bill', bill.id);
  const [citation, setCitation] = useState<CitationTarget | null>(null);
  const [collectionOpen, setCollectionOpen] = useState(false);
  const wantsFollow = search.get('follow') === '1';
  const wantsLetter = search.get('letter') === '1';
  const setParam = (key: string, on: boolean) =>
    setSearch(
      (s) => {
        const next = new URLSearchParams(s);
        if (on) next.set(key, '1');
        else next.delete(key);
        return next;
      },
      { replace: true },
    );
  // A guest arriving on a follow or letter link is asked to sign in first (and comes back to the same link).
  useEffect(() => {
    if (!signedIn && (wantsFollow || wantsLetter)) requireSignIn(wantsLetter ? 'write to your representative' : 'follow this bill');
  }, [signedIn, wantsFollow, wantsLetter, requireSignIn]);
  const brief = bill.latest_brief;
  const shareUrl = brief ? `${window.location.origin}/share/brief/${brief.share_token}` : null;
  const cite = (c: CitationTarget) => {
    setCitation(c);
    document.getElementById('bill-text')?.scrollIntoView?.();
  };
  const title = bill.short_title ?? bill.title;
  return (
    <>
      <p className="margin-top-3 margin-bottom-0 text-bold">
        {bill.label} · {bill.congress}th Congress · {bill.chamber === 'house' ? 'House' : 'Senate'}
      </p>
      <PageHeading title={`${bill.label}: ${title}`}>{title}</PageHeading>
      {bill.short_title && <p className="bw-muted">{bill.title}</p>}
      <div className="display-flex flex-wrap gap-1 flex-align-center">
        <DocumentBadge status={bill.document_status} />
        {bill.topic_tags.map((t) => (
          <Link key={t} to={`/bills?topic=${encodeURIComponent(t)}`} className="usa-tag usa-tag--big bg-base-lighter text-ink bw-topic">
            {topicWords(t)}
          </Link>
        ))}
      </div>
      <dl className="bw-dl margin-top-2">
        <dt>Sponsor</dt>
        <dd>
          {bill.sponsor ? (
            <>
              <Link to={`/members/${bill.sponsor.id}`}>{displayName(bill.sponsor.name)}</Link> ({memberPlace(bill.sponsor)})
            </>
          ) : (
            'Not known yet'
          )}
        </dd>
        <dt>Introduced</dt>
        <dd>{formatDate(bill.introduced_date)}</dd>
        {bill.policy_area && (
          <>
            <dt>Policy area</dt>
            <dd>{bill.policy_area}</dd>
          </>
        )}
        <dt>Latest action</dt>
        <dd>{bill.latest_action_text ? `${formatDate(bill.latest_action_date)}: ${bill.latest_action_text}` : 'None yet'}</dd>
      </dl>
      <p className="bw-source">
        Data from Congress.gov as of {formatDate(bill.data_as_of)}.
        {bill.congress_gov_url && (
          <>
            {' '}
            <a href={bill.congress_gov_url}>This bill on Congress.gov</a>
          </>
        )}
      </p>

      <div className="display-flex flex-wrap gap-1 flex-align-center margin-y-2">
        <button
          type="button"
          className={`usa-button ${follow ? '' : 'usa-button--outline'}`}
          onClick={() => requireSignIn('follow this bill') && setParam('follow', true)}
        >
          {follow ? `Following: ${stanceLabel(follow.follow_mode)}` : 'Follow'}
        </button>
        <button type="button" className="usa-button usa-button--outline" onClick={() => requireSignIn('add bills to a collection') && setCollectionOpen(true)}>
          Add to a collection
        </button>
        <button
          type="button"
          className="usa-button usa-button--outline"
          onClick={() => requireSignIn('write to your representative') && setParam('letter', true)}
        >
          Write to your representative
        </button>
        {shareUrl && <CopyButton value={shareUrl} label="Copy a share link to the brief" />}
      </div>

      <StatusTimeline bill={bill} />
      <ForecastSection billId={bill.id} />

      <section aria-labelledby="brief-heading">
        <h2 id="brief-heading">The brief</h2>
        {brief ? (
          <>
            <BriefBody brief={brief} onCite={cite} />
            <BriefProvenance brief={brief} />
          </>
        ) : (
          <EmptyState>
            {bill.document_status === 'pending'
              ? 'The text is published and its brief is being written. Follow the bill to hear when it is ready.'
              : 'No text of this bill is published yet, so there is no brief. Follow the bill to hear when text appears.'}
          </EmptyState>
        )}
      </section>

      <TextSection billId={bill.id} versions={bill.text_versions} citation={citation} />
      <BriefHistory billId={bill.id} onCite={cite} />
      <NoteSection billId={bill.id} />
      <VotesSection billId={bill.id} />
      <ActionsSection billId={bill.id} />
      <CosponsorsSection billId={bill.id} />
      <RelatedSection bill={bill} />
      <NewsSection billId={bill.id} />
      <InterestSection billId={bill.id} />
      <ReprocessSection billId={bill.id} />

      {signedIn && <FollowBillDialog billId={bill.id} label={bill.label} current={follow} open={wantsFollow} onClose={() => setParam('follow', false)} />}
      {signedIn && (
        <LetterDialog
          open={wantsLetter}
          onClose={() => setParam('letter', false)}
          billId={bill.id}
          label={bill.label}
          brief={brief}
          followMode={follow?.follow_mode}
        />
      )}
      {signedIn && <AddToCollectionDialog open={collectionOpen} onClose={() => setCollectionOpen(false)} billId={bill.id} label={bill.label} />}
    </>
  );
}
