/**
 * The signed-in person's follow of one target (bill, member or topic) and the mutations that change it, each
 * refreshing what shows follow state.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../api/api-context.tsx';
import type { Schemas } from '../../../typescript/index.ts';
import { useSession } from '../session/session-context.tsx';
import type { FollowMode } from '../words/stance-words.ts';

export type TargetType = Schemas['Follow']['target_type'];
export type Follow = Schemas['Follow'];

/** Every follow query of a kind starts with this key, so one invalidation refreshes them all. */
export const followsKey = (type: TargetType) => ['follows', type] as const;

/**
 * The follow of one bill, member or topic: undefined when not followed (or a guest), with its loading state. One
 * read of that target alone (GET /api/follows?target_type&target_id), never the whole list of a kind.
 */
export function useFollowOf(type: TargetType, id: string) {
  const { client } = useApi();
  const { signedIn } = useSession();
  const query = useQuery({
    queryKey: [...followsKey(type), id],
    enabled: signedIn,
    queryFn: async () => {
      const { data } = await client.GET('/api/follows', { params: { query: { target_type: type, target_id: id } } });
      return data!.items[0] ?? null;
    },
  });
  return { follow: query.data ?? undefined, isLoading: query.isLoading, error: query.error };
}

export function useFollowMutations(type: TargetType, id: string) {
  const { client } = useApi();
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: followsKey(type) });
    void queryClient.invalidateQueries({ queryKey: ['get', '/api/dashboard'] });
    void queryClient.invalidateQueries({ queryKey: ['get', '/api/alignment'] });
    void queryClient.invalidateQueries({ queryKey: ['get', type === 'bill' ? '/api/bills/{id}' : '/api/members/{id}'] });
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
