/**
 * The signed-in person's follows of one kind (every page of GET /api/follows, cached once for all pages), the
 * follow of one target, and the mutations that change them, each refreshing what shows follow state.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../api/api-context.tsx';
import type { Schemas } from '../../../typescript/index.ts';
import { useSession } from '../session/session-context.tsx';
import type { FollowMode } from '../words/stance-words.ts';

export type TargetType = Schemas['Follow']['target_type'];
export type Follow = Schemas['Follow'];

export const followsKey = (type: TargetType) => ['follows', type] as const;

export function useFollows(type: TargetType) {
  const { client } = useApi();
  const { signedIn } = useSession();
  return useQuery({
    queryKey: followsKey(type),
    enabled: signedIn,
    queryFn: async () => {
      const items: Follow[] = [];
      let cursor: string | undefined;
      // At most 1,000 follows per kind (the API's limit): ten pages.
      do {
        const { data } = await client.GET('/api/follows', { params: { query: { target_type: type, limit: 100, ...(cursor ? { cursor } : {}) } } });
        items.push(...data!.items);
        cursor = data!.next_cursor ?? undefined;
      } while (cursor);
      return items;
    },
  });
}

/** The follow of one bill, member or topic: undefined when not followed (or a guest), with its loading state. */
export function useFollowOf(type: TargetType, id: string) {
  const follows = useFollows(type);
  return { follow: follows.data?.find((f) => f.target_id === id), isLoading: follows.isLoading, error: follows.error };
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
