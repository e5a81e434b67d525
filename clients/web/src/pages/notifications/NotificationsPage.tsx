// The notifications the person was sent, newest first, with each channel's delivery state and failures.
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { Schemas } from '../../../../typescript/index.ts';
import { useApi } from '../../api/api-context.tsx';
import { pagesQuery } from '../../api/query-keys.ts';
import { MatchSnippet } from '../../components/MatchSnippet.tsx';
import { PageHeading } from '../../components/PageHeading.tsx';
import { EmptyState, ErrorState, LoadingPlaceholder } from '../../components/QueryState.tsx';
import { RequireSignedIn } from '../../session/RequireSignedIn.tsx';
import { formatDate, formatDateTime } from '../../words/format.ts';
import { stanceLabel } from '../../words/stance-words.ts';
import { statusWords } from '../../words/status-words.ts';
import { CHANNELS, channelRow } from './channel-table.tsx';

const KIND_WORDS: Record<Schemas['Notification']['kind'], string> = {
  bill_updated: 'Bill updated',
  status_changed: 'Status changed',
  new_document: 'New text and brief',
  new_amendment: 'Amended text',
  reintroduced: 'Reintroduced',
  search_match: 'Matches a saved search',
  scheduled: 'Meeting scheduled or changed',
  forecast_jump: 'Odds changed',
  weekly_digest: 'Weekly digest',
};
const STATE_WORDS: Record<string, string> = {
  off: 'off',
  pending: 'queued',
  held: 'held for quiet hours',
  digest: 'in the next digest',
  sending: 'sending',
  sent: 'sent',
  failed: 'failed',
  unconfirmed: 'not confirmed',
  cancelled: 'cancelled',
};

export default function NotificationsPage() {
  return (
    <RequireSignedIn what="see the notifications you were sent">
      <PageHeading>Notifications</PageHeading>
      <p>
        <Link to="/notifications/settings" className="usa-button usa-button--outline">
          Notification settings
        </Link>
      </p>
      <History />
    </RequireSignedIn>
  );
}

function History() {
  const { client } = useApi();
  const history = useInfiniteQuery(pagesQuery(client, '/api/notifications/history', { limit: 20 }));
  if (history.isPending) return <LoadingPlaceholder label="Loading your notifications…" />;
  const items = history.data?.pages.flatMap((p) => p.items) ?? [];
  if (history.error && items.length === 0) return <ErrorState error={history.error} onRetry={() => void history.refetch()} />;
  if (items.length === 0)
    return (
      <EmptyState>
        No notification yet. <Link to="/bills">Follow a bill</Link> and turn on a channel in the <Link to="/notifications/settings">settings</Link>; each event
        it sends is listed here.
      </EmptyState>
    );
  return (
    <>
      <ol className="usa-list usa-list--unstyled">
        {items.map((n) => (
          <li key={n.event_id} className="bw-card margin-bottom-2">
            <h2 className="font-sans-sm margin-0">
              {KIND_WORDS[n.kind]}
              {n.bill_label && (
                <>
                  : <Link to={n.bill_id ? `/bills/${n.bill_id}` : '/dashboard'}>{n.bill_label}</Link>
                </>
              )}
            </h2>
            <p className="bw-source">
              {formatDateTime(n.occurred_at)}
              {n.mode && ` · your stance: ${stanceLabel(n.mode)}`}
            </p>
            {n.bill_title && <p>{n.bill_title}</p>}
            {n.status && (
              <p>
                {n.previous_status ? `${statusWords(n.previous_status)} → ` : ''}
                <strong>{statusWords(n.status)}</strong>
              </p>
            )}
            {n.action_text && (
              <p>
                {n.action_date && `${formatDate(n.action_date)}: `}
                {n.action_text}
              </p>
            )}
            {n.search_match && (
              <>
                <p>
                  Matches your search <Link to={`/search?q=${encodeURIComponent(n.search_match.query)}`}>“{n.search_match.query}”</Link>
                </p>
                <MatchSnippet match={n.search_match} />
              </>
            )}
            {n.forecast_jump && (
              <p>
                Chance of becoming law {n.forecast_jump.to >= n.forecast_jump.from ? 'rose' : 'fell'} from {Math.round(n.forecast_jump.from * 100)}% to{' '}
                <strong>{Math.round(n.forecast_jump.to * 100)}%</strong> (<Link to={`/bills/${n.bill_id}`}>see the odds</Link>)
              </p>
            )}
            {n.reintroduced_as && (
              <p>
                Reintroduced as <Link to={`/bills/${n.reintroduced_as.bill_id}`}>{n.reintroduced_as.label}</Link> ({n.reintroduced_as.congress}th Congress)
              </p>
            )}
            {n.items.length > 0 && (
              <ul className="usa-list">
                {n.items.map((i) => (
                  <li key={i.bill_id}>
                    <Link to={`/bills/${i.bill_id}`}>{i.bill_label}</Link>: {i.latest_action_text ?? i.bill_title}
                  </li>
                ))}
              </ul>
            )}
            <p className="font-sans-xs">
              {CHANNELS.filter((c) => (n.channels[c] ?? 'off') !== 'off')
                .map((c) => `${channelRow(c).label}: ${STATE_WORDS[n.channels[c]] ?? n.channels[c]}`)
                .join(' · ') || 'No channel was on.'}
              {n.due_at && ` · due ${formatDateTime(n.due_at)}`}
            </p>
            {CHANNELS.filter((c) => n.failures[c]).map((c) => (
              <p key={c} className="usa-error-message">
                {channelRow(c).label}: {n.failures[c]}
              </p>
            ))}
          </li>
        ))}
      </ol>
      {history.hasNextPage && (
        <button type="button" className="usa-button usa-button--outline" disabled={history.isFetchingNextPage} onClick={() => void history.fetchNextPage()}>
          Show older notifications
        </button>
      )}
    </>
  );
}
