/**
 * The signed-in person's follow of one target (bill, member or topic) and the mutations that change it, each
 * refreshing what shows follow state.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../api/api-context.tsx';
import { readsOf } from '../api/query-keys.ts';
import type { Schemas } from '../../../typescript/index.ts';
import { useSession } from '../session/session-context.tsx';
import type { FollowMode } from '../words/stance-words.ts';

export type TargetType = Schemas['Follow']['target_type'];
export type Follow = Schemas['Follow'];

/**
 * The follow of one bill, member or topic: undefined when not followed (or a guest), with its loading state. One
 * read of that target alone (GET /api/follows?target_type&target_id), never the whole list of a kind.
 */
export function useFollowOf(type: TargetType, id: string) {
  const { $api } = useApi();
  const { signedIn } = useSession();
  const query = useQuery({
    ...$api.queryOptions('get', '/api/follows', { params: { query: { target_type: type, target_id: id } } }),
    enabled: signedIn,
    select: (data) => data.items[0] ?? null,
  });
  return { follow: query.data ?? undefined, isLoading: query.isLoading, error: query.error };
}

export function useFollowMutations(type: TargetType, id: string) {
  const { client } = useApi();
  const queryClient = useQueryClient();
  const refresh = () => {
    for (const path of ['/api/follows', '/api/dashboard', '/api/alignment', type === 'bill' ? '/api/bills/{id}' : '/api/members/{id}'] as const)
      void queryClient.invalidateQueries({ queryKey: readsOf(path) });
  };
  const follow = useMutation({
    mutationFn: async (mode?: FollowMode) => {
      const { data } = await client.POST('/api/follows', { body: { target_type: type, target_id: id, ...(mode ? { follow_mode: mode } : {}) } });
      return data!;
    },
    onSuccess: refresh,
  });
  const unfollow = useMutation({
    mutationFn: async () => {
      await client.DELETE('/api/follows/{id}', { params: { path: { id: `${type}:${id}` } } });
    },
    onSuccess: refresh,
  });
  return { follow, unfollow };
}
