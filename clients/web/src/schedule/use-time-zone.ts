/**
 * The time zone a person reads the schedule in: the one saved in their notification settings when signed in (the
 * zone their alerts speak in too), else the browser's.
 */
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../api/api-context.tsx';
import { useSession } from '../session/session-context.tsx';
import { browserZone } from '../words/meeting-words.ts';

export function useTimeZone(): { zone: string; fromAccount: boolean } {
  const { $api } = useApi();
  const { signedIn } = useSession();
  const settings = useQuery({ ...$api.queryOptions('get', '/api/notifications/settings'), enabled: signedIn, staleTime: 5 * 60_000 });
  const saved = signedIn ? settings.data?.timezone : null;
  return saved ? { zone: saved, fromAccount: true } : { zone: browserZone(), fromAccount: false };
}
