/**
 * What a channel shows beyond its fields, named by its row of the channel table: the RSS feed's private URL (copy,
 * or make a new one) and the webhook's signing-secret rotation.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../api/api-context.tsx';
import { readsOf } from '../../api/query-keys.ts';
import { PrivateUrl } from '../../components/PrivateUrl.tsx';
import { ErrorState } from '../../components/QueryState.tsx';
import { formatDateTime } from '../../words/format.ts';
import type { Settings } from './channel-table.tsx';

export interface ExtraProps {
  saved: Settings;
  /** A secret the service showed in the reply that made it (its one showing). */
  onSecret: (secret: string) => void;
}

export function RssFeed({ saved }: ExtraProps) {
  const { client } = useApi();
  const queryClient = useQueryClient();
  const rotate = useMutation({
    mutationFn: async () => (await client.POST('/api/notifications/rss/rotate-token')).data!,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: readsOf('/api/notifications/settings') }),
  });
  const current = rotate.data?.rss_feed_url ?? saved.rss_feed_url;
  return (
    <PrivateUrl
      id="rss-url"
      label="Your feed URL (keep it private: anyone with it can read your feed)"
      url={current}
      copyLabel="Copy the feed URL"
      renewLabel="Make a new feed URL (the old one stops working)"
      renewing={rotate.isPending}
      onRenew={() => rotate.mutate()}
      renewError={rotate.error}
    />
  );
}

/** Rotation, once a secret is saved: the old secret keeps signing for a day beside the new one. */
export function RotateSecret({ saved, onSecret }: ExtraProps) {
  const { client } = useApi();
  const rotate = useMutation({
    mutationFn: async () => (await client.POST('/api/notifications/webhook/rotate-secret')).data!,
    onSuccess: (d) => onSecret(d.webhook_secret),
  });
  if (!saved.webhook_secret_set) return null;
  const expires = rotate.data ? rotate.data.previous_secret_expires_at : saved.webhook_previous_secret_expires_at;
  return (
    <div className="margin-top-2">
      <button type="button" className="usa-button usa-button--secondary" disabled={rotate.isPending} onClick={() => rotate.mutate()}>
        Rotate the signing secret
      </button>
      <p className="usa-hint">The old secret keeps signing beside the new one for 24 hours, so your receiver can switch.</p>
      {/* The rotation's own reply says until when, without reading the settings again (which would reset the form). */}
      {expires && <p className="font-sans-xs">The previous secret signs until {formatDateTime(expires)}.</p>}
      {rotate.error && <ErrorState error={rotate.error} />}
    </div>
  );
}
