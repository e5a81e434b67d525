/**
 * Every current committee and subcommittee (a few hundred, read once a page at a time and kept): the week page's
 * committee filter, the committee list, and the names of the committee codes a meeting carries.
 */
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useApi } from '../api/api-context.tsx';
import { everyPageQuery } from '../api/query-keys.ts';
import type { Schemas } from '../../../typescript/index.ts';

export type CommitteeItem = Schemas['CommitteeListItem'];

/** `enabled: false` reads nothing (a bill page names committees only when a meeting is announced: the list is ~40 KB over three pages). */
export function useCommittees({ enabled = true }: { enabled?: boolean } = {}) {
  const { client } = useApi();
  const query = useQuery({ ...everyPageQuery(client, '/api/committees', { limit: 100 }), staleTime: 60 * 60_000, enabled });
  const byId = useMemo(() => new Map((query.data ?? []).map((c) => [c.id, c])), [query.data]);
  return { query, byId };
}

/** A committee code as its name ("Natural Resources: Indian and Insular Affairs" for a subcommittee), the code while unknown. */
export function committeeName(id: string, byId: Map<string, CommitteeItem>): string {
  const c = byId.get(id);
  if (!c) return id;
  const parent = c.parent_id ? byId.get(c.parent_id) : undefined;
  return parent ? `${parent.name}: ${c.name}` : c.name;
}
