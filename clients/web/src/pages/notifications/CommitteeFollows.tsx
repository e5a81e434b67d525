/**
 * The committees the person follows, on the settings page: what a committee follow tells of under the saved alert
 * filters (it counts as "Just following", as member and topic follows do), each committee with its page and an
 * Unfollow button, and a committee to follow chosen from the list.
 */
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ErrorState, LoadingPlaceholder } from '../../components/QueryState.tsx';
import { useCommitteeFollowChanges, useCommitteeFollows } from '../../follow/committee-follows.ts';
import { committeeName, useCommittees } from '../../schedule/use-committees.ts';
import type { Settings } from './channel-table.tsx';

/** The kinds of events a committee's followers are told of (the alert filter categories), in words. */
const COMMITTEE_CATEGORIES = {
  referral: 'bills referred to it',
  committee_report: 'its reports',
  calendar: 'its hearings, markups and meetings before they happen',
} as const;

export function CommitteeFollows({ filters }: { filters: Settings['alert_filters'] }) {
  const { follows, followed, query } = useCommitteeFollows();
  const { byId, query: list } = useCommittees();
  const changes = useCommitteeFollowChanges();
  const [adding, setAdding] = useState('');
  const heard = Object.entries(COMMITTEE_CATEGORIES).filter(([cat]) => filters?.neutral?.[cat] ?? true);
  const addable = [...byId.values()].filter((c) => !followed.has(c.id));
  const add = (e: FormEvent) => {
    e.preventDefault();
    if (adding) changes.mutate({ follow: [adding] }, { onSuccess: () => setAdding('') });
  };
  return (
    <section aria-labelledby="committee-follows" className="margin-top-3">
      <h2 id="committee-follows" className="usa-legend usa-legend--large">
        Committees you follow
      </h2>
      <p className="usa-hint">
        A committee you follow counts as “Just following” in the filters above.{' '}
        {heard.length > 0
          ? `With your saved filters it tells you of ${heard.map(([, words]) => words).join(', ')}.`
          : 'With your saved filters it tells you of nothing: tick Referrals to committee, Committee reports or Scheduled under “Just following”.'}
      </p>
      {query.isLoading ? (
        <LoadingPlaceholder label="Loading the committees you follow…" lines={2} />
      ) : query.error ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : follows.length === 0 ? (
        <p>You follow no committee yet.</p>
      ) : (
        <ul className="usa-list usa-list--unstyled">
          {follows.map((f) => {
            const name = committeeName(f.target_id, byId);
            return (
              <li key={f.id} className="display-flex flex-wrap flex-align-center gap-1 margin-bottom-1">
                <Link to={`/committees/${f.target_id}`}>{name}</Link>
                <button
                  type="button"
                  className="usa-button usa-button--unstyled"
                  disabled={changes.isPending}
                  onClick={() => changes.mutate({ unfollow: [f.target_id] })}
                >
                  Unfollow {name}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {/* A block, not a row: the select takes the column's width (its longest committee name would push a row past a phone's). */}
      <form onSubmit={add}>
        <label className="usa-label" htmlFor="committee-to-follow">
          Follow a committee
        </label>
        <select className="usa-select" id="committee-to-follow" value={adding} onChange={(e) => setAdding(e.target.value)} disabled={list.isLoading}>
          <option value="">Choose a committee</option>
          {addable.map((c) => (
            <option key={c.id} value={c.id}>
              {committeeName(c.id, byId)}
            </option>
          ))}
        </select>
        <button type="submit" className="usa-button usa-button--outline margin-top-1" disabled={!adding || changes.isPending}>
          Follow
        </button>
      </form>
      {changes.error && <ErrorState error={changes.error} />}
    </section>
  );
}
