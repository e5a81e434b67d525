// Follow or unfollow a member or a topic: a toggle button; a guest gets the sign-in prompt and no call is made.
import { ErrorState } from '../components/QueryState.tsx';
import { useRequireSignIn } from '../session/sign-in-prompt.tsx';
import { useFollowMutations, useFollowOf, type TargetType } from './use-follows.ts';

export function FollowToggle({ type, id, name }: { type: Exclude<TargetType, 'bill'>; id: string; name: string }) {
  const requireSignIn = useRequireSignIn();
  const { follow: current } = useFollowOf(type, id);
  const { follow, unfollow } = useFollowMutations(type, id);
  const following = Boolean(current);
  const busy = follow.isPending || unfollow.isPending;
  return (
    <div>
      <button
        type="button"
        className={`usa-button ${following ? '' : 'usa-button--outline'}`}
        aria-pressed={following}
        disabled={busy}
        onClick={() => {
          if (!requireSignIn(`follow ${name}`)) return;
          if (following) unfollow.mutate();
          else follow.mutate(undefined);
        }}
      >
        {following ? `Following ${name}` : `Follow ${name}`}
      </button>
      {(follow.error || unfollow.error) && <ErrorState error={follow.error ?? unfollow.error} />}
    </div>
  );
}
