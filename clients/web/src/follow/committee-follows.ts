/**
 * Committee follows as lists: the committees a bill was referred to (its referral actions name them), the signed-in
 * person's committee follows, and one mutation that follows and unfollows several committees at once (the bill's
 * follow dialog saves its committee choices together; the settings page unfollows one).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../api/api-context.tsx';
import { everyPageQuery, readsOf } from '../api/query-keys.ts';
import { useSession } from '../session/session-context.tsx';

/** A subcommittee's code is its committee's and two digits (HSII24 of HSII). */
const parentOf = (code: string) => (/^[A-Z]{4}\d{2}$/.test(code) ? code.slice(0, 4) : null);

/**
 * The committees a bill was referred to, full committees before their subcommittees, in the order of referral. Read
 * from the same page of actions as the bill page's Actions section (the newest 100: a referral of a bill with more
 * actions than that is older than the page and is not offered).
 */
export function useBillCommittees(billId: string) {
  const { $api } = useApi();
  const actions = $api.useQuery('get', '/api/bills/{id}/actions', { params: { path: { id: billId }, query: { limit: 100 } } });
  const referrals = [...(actions.data?.items ?? [])].reverse().filter((a) => a.category === 'referral');
  const codes = new Set<string>();
  for (const code of referrals.flatMap((a) => a.committees)) {
    const parent = parentOf(code);
    if (parent) codes.add(parent);
    codes.add(code);
  }
  return { committees: [...codes], isLoading: actions.isLoading };
}

/** The signed-in person's committee follows (a guest has none): every page, at most 1,000. */
export function useCommitteeFollows() {
  const { client } = useApi();
  const { signedIn } = useSession();
  const query = useQuery({ ...everyPageQuery(client, '/api/follows', { target_type: 'committee', limit: 100 }, 10), enabled: signedIn });
  return { follows: query.data ?? [], followed: new Set((query.data ?? []).map((f) => f.target_id)), query };
}

/** Follows and unfollows committees (one call each, side by side), then refreshes what shows follow state. */
export function useCommitteeFollowChanges() {
  const { client } = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ follow = [], unfollow = [] }: { follow?: string[]; unfollow?: string[] }) => {
      await Promise.all([
        ...follow.map((id) => client.POST('/api/follows', { body: { target_type: 'committee', target_id: id } })),
        ...unfollow.map((id) => client.DELETE('/api/follows/{id}', { params: { path: { id: `committee:${id}` } } })),
      ]);
    },
    onSettled: () => {
      for (const path of ['/api/follows', '/api/committees/{id}'] as const) void queryClient.invalidateQueries({ queryKey: readsOf(path) });
    },
  });
}
