/**
 * Notification settings: push, email, RSS and webhook, each tested with the values on screen before they can be
 * saved (the test routes take unsaved values); quiet hours in a time zone (the browser's offered); the alert
 * filter grid (stance × kind of event); digests; the RSS URL to copy and rotate; the webhook secret shown once.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useApi } from '../../api/api-context.tsx';
import { CopyButton } from '../../components/CopyButton.tsx';
import { PageHeading } from '../../components/PageHeading.tsx';
import { ErrorState, QueryState } from '../../components/QueryState.tsx';
import { RequireSignedIn } from '../../session/RequireSignedIn.tsx';
import { formatDateTime } from '../../words/format.ts';
import { STANCES } from '../../words/stance-words.ts';
import { ChannelTestButton } from './ChannelTestButton.tsx';
import { CHANNELS, channelEnabled, channelLabel, channelValues, draftOf, untestedChannels, type Channel, type Draft, type Settings } from './channel-tests.ts';

export default function NotificationSettingsPage() {
  return (
    <RequireSignedIn what="choose how you are notified">
      <SettingsLoader />
    </RequireSignedIn>
  );
}

function SettingsLoader() {
  const { $api } = useApi();
  const settings = $api.useQuery('get', '/api/notifications/settings');
  // The form starts again from what is saved whenever that changes (it is keyed by it), so what must outlive a save
  // lives here: the webhook secret, shown only in the reply that made it, and the "Saved." that answers the press.
  const [secret, setSecret] = useState<string | null>(null);
  const [justSaved, setJustSaved] = useState(false);
  return (
    <>
      <PageHeading>Notification settings</PageHeading>
      <p>
        <Link to="/notifications">See the notifications you were sent</Link>
      </p>
      {secret && <SecretOnce secret={secret} onDone={() => setSecret(null)} />}
      <QueryState query={settings} label="Loading your settings…">
        {(s) => <SettingsForm key={JSON.stringify(s)} saved={s} onSecret={setSecret} justSaved={justSaved} onSaved={setJustSaved} />}
      </QueryState>
    </>
  );
}

const CATEGORY_WORDS: Record<string, string> = {
  vote: 'Votes',
  presidential: 'Action by the President',
  committee_report: 'Committee reports',
  calendar: 'Scheduled for debate',
  procedural: 'Procedural steps',
  referral: 'Referrals to committee',
  new_document: 'New text and its brief',
  new_amendment: 'Amended text',
  status_changed: 'Change of status',
  reintroduced: 'Reintroduced in a new Congress',
  search_match: 'A saved search matches a new bill or text (a search has no stance: “Just following” applies)',
};

export function SettingsForm({
  saved,
  onSecret,
  justSaved,
  onSaved,
}: {
  saved: Settings;
  /** A webhook secret the service showed (its one showing). */
  onSecret: (secret: string) => void;
  /** Whether the last press of Save saved, and nothing changed since. */
  justSaved: boolean;
  onSaved: (saved: boolean) => void;
}) {
  const { client } = useApi();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Draft>(() => draftOf(saved));
  const [passed, setPassed] = useState<Partial<Record<Channel, string>>>({});
  const set = <K extends keyof Draft>(k: K, v: Draft[K]) => {
    onSaved(false);
    setDraft((d) => ({ ...d, [k]: v }));
  };
  const untested = untestedChannels(draft, draftOf(saved), passed);
  const save = useMutation({
    mutationFn: async () => {
      // The password and the token are write-only: sent only when typed, so an empty field keeps the saved one.
      const { push_password, push_token, ...rest } = draft;
      const { data } = await client.PUT('/api/notifications/settings', {
        body: { ...rest, ...(push_password ? { push_password } : {}), ...(push_token ? { push_token } : {}) },
      });
      return data!;
    },
    onSuccess: (data) => {
      if ('webhook_secret' in data && typeof data.webhook_secret === 'string') onSecret(data.webhook_secret);
      onSaved(true);
      void queryClient.invalidateQueries({ queryKey: ['get', '/api/notifications/settings'] });
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (untested.length === 0) save.mutate();
  };
  const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  // The browser's own zone and the saved one are always offered, even where the runtime's list leaves them out (UTC).
  const zones = [...new Set([browserZone, ...(draft.timezone ? [draft.timezone] : []), ...known])];
  // Each channel's own fields; its Test button and its on/off box are the same for every channel.
  const fields: Record<Channel, ReactNode> = {
    push: (
      <>
        <Field id="push-url" label="Push topic URL" hint="An ntfy-compatible topic, such as https://ntfy.sh/my-secret-topic">
          <input className="usa-input" id="push-url" type="url" value={draft.push_url ?? ''} onChange={(e) => set('push_url', e.target.value || null)} />
        </Field>
        <Field id="push-auth" label="Sign-in at the push server">
          <select className="usa-select" id="push-auth" value={draft.push_auth} onChange={(e) => set('push_auth', e.target.value as Draft['push_auth'])}>
            <option value="none">None</option>
            <option value="token">Access token</option>
            <option value="basic">User name and password</option>
          </select>
        </Field>
        {draft.push_auth === 'token' && (
          <Field id="push-token" label="Access token" hint={saved.push_token_set ? 'A token is saved; leave this empty to keep it.' : undefined}>
            <input
              className="usa-input"
              id="push-token"
              type="password"
              autoComplete="off"
              value={draft.push_token}
              onChange={(e) => set('push_token', e.target.value)}
            />
          </Field>
        )}
        {draft.push_auth === 'basic' && (
          <>
            <Field id="push-user" label="User name">
              <input
                className="usa-input"
                id="push-user"
                autoComplete="off"
                value={draft.push_username ?? ''}
                onChange={(e) => set('push_username', e.target.value || null)}
              />
            </Field>
            <Field id="push-password" label="Password" hint={saved.push_password_set ? 'A password is saved; leave this empty to keep it.' : undefined}>
              <input
                className="usa-input"
                id="push-password"
                type="password"
                autoComplete="new-password"
                value={draft.push_password}
                onChange={(e) => set('push_password', e.target.value)}
              />
            </Field>
          </>
        )}
      </>
    ),
    email: (
      <Field id="email-address" label="Email address">
        <input
          className="usa-input"
          id="email-address"
          type="email"
          autoComplete="email"
          value={draft.email_address ?? ''}
          onChange={(e) => set('email_address', e.target.value || null)}
        />
      </Field>
    ),
    rss: <RssFeed url={saved.rss_feed_url} />,
    webhook: (
      <Field id="webhook-url" label="Webhook URL" hint="Events are POSTed here, signed per the Standard Webhooks specification.">
        <input className="usa-input" id="webhook-url" type="url" value={draft.webhook_url ?? ''} onChange={(e) => set('webhook_url', e.target.value || null)} />
      </Field>
    ),
  };
  return (
    <form onSubmit={submit} className="maxw-none">
      {CHANNELS.map(({ channel, label }) => (
        <ChannelFieldset key={channel} legend={label} id={channel} enabled={channelEnabled(draft, channel)} onEnabled={(v) => set(`${channel}_enabled`, v)}>
          {fields[channel]}
          <ChannelTestButton channel={channel} draft={draft} onPassed={(d) => setPassed((p) => ({ ...p, [channel]: channelValues(d, channel) }))} />
          {channel === 'webhook' && saved.webhook_secret_set && <RotateSecret onSecret={onSecret} previousExpires={saved.webhook_previous_secret_expires_at} />}
        </ChannelFieldset>
      ))}
      <ComingSoonChannels
        channels={[
          { label: 'Telegram', status: saved.telegram.status },
          { label: 'Discord', status: saved.discord.status },
        ]}
      />

      <fieldset className="usa-fieldset margin-top-3">
        <legend className="usa-legend usa-legend--large">Quiet hours</legend>
        <p className="usa-hint">Nothing is pushed or emailed between these hours; what arrives is sent when they end.</p>
        <div className="bw-filters">
          <Field id="quiet-start" label="From">
            <HourSelect id="quiet-start" value={draft.quiet_hours_start} onChange={(v) => set('quiet_hours_start', v)} />
          </Field>
          <Field id="quiet-end" label="Until">
            <HourSelect id="quiet-end" value={draft.quiet_hours_end} onChange={(v) => set('quiet_hours_end', v)} />
          </Field>
          <Field id="timezone" label="Time zone">
            <select className="usa-select" id="timezone" value={draft.timezone ?? ''} onChange={(e) => set('timezone', e.target.value || null)}>
              <option value="">Not set (UTC)</option>
              {zones.map((z) => (
                <option key={z} value={z}>
                  {z}
                  {z === browserZone ? ' (this device)' : ''}
                </option>
              ))}
            </select>
          </Field>
        </div>
        {draft.timezone !== browserZone && (
          <button type="button" className="usa-button usa-button--unstyled margin-top-1" onClick={() => set('timezone', browserZone)}>
            Use this device&apos;s time zone ({browserZone})
          </button>
        )}
      </fieldset>

      <fieldset className="usa-fieldset margin-top-3">
        <legend className="usa-legend usa-legend--large">Which events notify you</legend>
        <p className="usa-hint">For each stance you can take on a bill, tick the kinds of events you want to hear about.</p>
        <div className="bw-table-wrap">
          <table className="usa-table usa-table--borderless usa-table--compact">
            <caption className="usa-sr-only">Alert filters: kinds of events by stance</caption>
            <thead>
              <tr>
                <th scope="col">Event</th>
                {STANCES.map((s) => (
                  <th scope="col" key={s.mode}>
                    {s.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {Object.entries(CATEGORY_WORDS).map(([cat, words]) => (
                <tr key={cat}>
                  <th scope="row">{words}</th>
                  {STANCES.map((s) => {
                    const on = draft.alert_filters?.[s.mode]?.[cat] ?? true;
                    const id = `filter-${s.mode}-${cat}`;
                    return (
                      <td key={s.mode}>
                        <input
                          className="bw-grid-check"
                          id={id}
                          type="checkbox"
                          aria-label={`${words} when ${s.label}`}
                          checked={on}
                          onChange={(e) =>
                            set('alert_filters', { ...draft.alert_filters, [s.mode]: { ...draft.alert_filters?.[s.mode], [cat]: e.target.checked } })
                          }
                        />
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </fieldset>

      <fieldset className="usa-fieldset margin-top-3">
        <legend className="usa-legend usa-legend--large">Digests</legend>
        {(
          [
            ['off', 'Send each event as it happens'],
            ['daily', 'Collect events into one daily digest'],
            ['weekly', 'Collect events into one weekly digest'],
          ] as const
        ).map(([v, words]) => (
          <div className="usa-radio" key={v}>
            <input
              className="usa-radio__input"
              id={`digest-${v}`}
              type="radio"
              name="digest"
              checked={draft.digest_mode === v}
              onChange={() => set('digest_mode', v)}
            />
            <label className="usa-radio__label" htmlFor={`digest-${v}`}>
              {words}
            </label>
          </div>
        ))}
        <div className="usa-checkbox margin-top-2">
          <input
            className="usa-checkbox__input"
            id="follow-reintroductions"
            type="checkbox"
            checked={draft.follow_reintroductions}
            onChange={(e) => set('follow_reintroductions', e.target.checked)}
          />
          <label className="usa-checkbox__label" htmlFor="follow-reintroductions">
            When a bill I follow is reintroduced in a new Congress, follow the new bill with the same stance
          </label>
        </div>
      </fieldset>

      {untested.length > 0 && (
        <div className="usa-alert usa-alert--warning usa-alert--slim margin-top-3" role="status">
          <div className="usa-alert__body">
            <p className="usa-alert__text">
              Test {untested.map(channelLabel).join(', ')} before saving: {untested.length === 1 ? 'its settings' : 'their settings'} changed.
            </p>
          </div>
        </div>
      )}
      {save.error && <ErrorState error={save.error} />}
      <div className="display-flex flex-align-center gap-2 margin-top-3">
        <button type="submit" className="usa-button margin-top-0" disabled={save.isPending || untested.length > 0}>
          {save.isPending ? 'Saving…' : 'Save settings'}
        </button>
        <span role="status">{justSaved ? 'Saved.' : ''}</span>
      </div>
    </form>
  );
}

function Field({ id, label, hint, children }: { id: string; label: string; hint?: string | undefined; children: ReactNode }) {
  return (
    <div className="usa-form-group">
      <label className="usa-label" htmlFor={id}>
        {label}
      </label>
      {hint && <div className="usa-hint">{hint}</div>}
      {children}
    </div>
  );
}

const ENABLE_WORDS: Record<string, string> = {
  push: 'Send notifications by push',
  email: 'Send notifications by email',
  rss: 'Add notifications to my RSS feed',
  webhook: 'Send notifications to the webhook',
};

function ChannelFieldset({
  legend,
  id,
  enabled,
  onEnabled,
  children,
}: {
  legend: string;
  id: string;
  enabled: boolean;
  onEnabled: (v: boolean) => void;
  children: ReactNode;
}) {
  return (
    <fieldset className="usa-fieldset bw-card margin-top-3">
      <legend className="usa-legend usa-legend--large">{legend}</legend>
      <div className="usa-checkbox">
        <input className="usa-checkbox__input" id={`${id}-enabled`} type="checkbox" checked={enabled} onChange={(e) => onEnabled(e.target.checked)} />
        <label className="usa-checkbox__label" htmlFor={`${id}-enabled`}>
          {ENABLE_WORDS[id]}
        </label>
      </div>
      {children}
    </fieldset>
  );
}

/** Quiet hours are "HH:MM"; a whole hour stored before minutes were accepted reads as "HH:00". */
const asTime = (value: string | number | null): string => (value === null ? '' : typeof value === 'number' ? `${String(value).padStart(2, '0')}:00` : value);
const HALF_HOURS = Array.from({ length: 48 }, (_, i) => `${String(Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`);

function HourSelect({ id, value, onChange }: { id: string; value: string | number | null; onChange: (v: string | null) => void }) {
  const current = asTime(value);
  const options = current && !HALF_HOURS.includes(current) ? [...HALF_HOURS, current].sort() : HALF_HOURS;
  return (
    <select className="usa-select" id={id} value={current} onChange={(e) => onChange(e.target.value === '' ? null : e.target.value)}>
      <option value="">No quiet hours</option>
      {options.map((t) => (
        <option key={t} value={t}>
          {t}
        </option>
      ))}
    </select>
  );
}

function RssFeed({ url }: { url: string }) {
  const { client } = useApi();
  const queryClient = useQueryClient();
  const rotate = useMutation({
    mutationFn: async () => (await client.POST('/api/notifications/rss/rotate-token')).data!,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['get', '/api/notifications/settings'] }),
  });
  const current = rotate.data?.rss_feed_url ?? url;
  return (
    <>
      <label className="usa-label" htmlFor="rss-url">
        Your feed URL (keep it private: anyone with it can read your feed)
      </label>
      <input className="usa-input bw-wrap" id="rss-url" readOnly value={current} onFocus={(e) => e.currentTarget.select()} />
      <div className="display-flex flex-wrap flex-align-center gap-1 margin-top-1">
        <CopyButton value={current} label="Copy the feed URL" />
        <button type="button" className="usa-button usa-button--unstyled" disabled={rotate.isPending} onClick={() => rotate.mutate()}>
          Make a new feed URL (the old one stops working)
        </button>
      </div>
      {rotate.error && <ErrorState error={rotate.error} />}
    </>
  );
}

function RotateSecret({ onSecret, previousExpires }: { onSecret: (s: string) => void; previousExpires: string | null }) {
  const { client } = useApi();
  const rotate = useMutation({
    mutationFn: async () => (await client.POST('/api/notifications/webhook/rotate-secret')).data!,
    onSuccess: (d) => onSecret(d.webhook_secret),
  });
  const expires = rotate.data ? rotate.data.previous_secret_expires_at : previousExpires;
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

function SecretOnce({ secret, onDone }: { secret: string; onDone: () => void }) {
  return (
    <div className="usa-alert usa-alert--warning margin-y-2" role="alert">
      <div className="usa-alert__body">
        <h2 className="usa-alert__heading">Your webhook signing secret</h2>
        <p className="usa-alert__text">Store it now: it is shown only this once.</p>
        <code className="bw-wrap display-flex margin-y-1">{secret}</code>
        <div className="display-flex flex-wrap gap-1 flex-align-center">
          <CopyButton value={secret} label="Copy the secret" />
          <button type="button" className="usa-button usa-button--unstyled" onClick={onDone}>
            I have stored it
          </button>
        </div>
      </div>
    </div>
  );
}

/** Channels the service announces but does not offer yet (the settings read says `coming_soon`): shown, with nothing to set. */
function ComingSoonChannels({ channels }: { channels: { label: string; status: 'coming_soon' }[] }) {
  return (
    <section aria-labelledby="coming-soon-channels" className="margin-top-3">
      <h2 id="coming-soon-channels" className="usa-legend usa-legend--large">
        More channels
      </h2>
      <ul className="usa-list usa-list--unstyled">
        {channels.map((c) => (
          <li key={c.label}>
            {c.label} <span className="usa-tag">{c.status === 'coming_soon' ? 'Coming soon' : c.status}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
