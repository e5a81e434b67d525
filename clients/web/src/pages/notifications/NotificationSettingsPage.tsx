/**
 * Notification settings: every channel of the channel table, each tested with the values on screen before it can
 * be saved (the test routes take unsaved values); quiet hours in a time zone (the browser's offered); the alert
 * filter grid (stance × kind of event); digests; a refused save shown beside the fields it names; the webhook
 * secret shown once; below the form, the committees followed and the personal calendar's URL.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useApi } from '../../api/api-context.tsx';
import { readsOf } from '../../api/query-keys.ts';
import { CopyButton } from '../../components/CopyButton.tsx';
import { ErrorSummary, FormField, formErrors } from '../../components/FormField.tsx';
import { PageHeading } from '../../components/PageHeading.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import { RequireSignedIn } from '../../session/RequireSignedIn.tsx';
import { useSession } from '../../session/session-context.tsx';
import type { FormFields } from '../../words/field-errors.ts';
import { AlertFilterGrid } from './AlertFilterGrid.tsx';
import { CHANNEL_FIELDS, ChannelFieldset } from './ChannelFieldset.tsx';
import { channelValues, draftOf, saveBody, untestedChannels } from './channel-draft.ts';
import { CHANNELS, channelRow, type Channel, type Draft, type Settings } from './channel-table.tsx';
import { CommitteeFollows } from './CommitteeFollows.tsx';
import { PersonalCalendar } from './PersonalCalendar.tsx';

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
        {(s) => (
          <>
            <SettingsForm key={JSON.stringify(s)} saved={s} onSecret={setSecret} justSaved={justSaved} onSaved={setJustSaved} />
            <CommitteeFollows filters={s.alert_filters} />
            <PersonalCalendar savedUrl={s.calendar_url} />
          </>
        )}
      </QueryState>
    </>
  );
}

/** The settings a refused save may name, with the inputs they go beside. */
const FIELDS: FormFields = {
  ...CHANNEL_FIELDS,
  quiet_hours_start: { id: 'quiet-start', label: 'the start of the quiet hours' },
  quiet_hours_end: {
    id: 'quiet-end',
    label: 'the end of the quiet hours',
    words: [[/together/, 'Set both the start and the end of the quiet hours, or neither.']],
  },
  timezone: { id: 'timezone', label: 'the time zone' },
  digest_mode: { id: 'digest-off', label: 'how events are collected' },
};

const DIGESTS = [
  ['off', 'Send each event as it happens'],
  ['daily', 'Collect events into one daily digest'],
  ['weekly', 'Collect events into one weekly digest'],
] as const;

function SettingsForm({
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
  const { user } = useSession();
  // With no address saved, email starts with the account's own, which is what most people want.
  const [draft, setDraft] = useState<Draft>(() => ({ ...draftOf(saved), email_address: saved.email_address ?? user?.email ?? null }));
  const [passed, setPassed] = useState<Partial<Record<Channel, string>>>({});
  const set = <K extends keyof Draft>(k: K, v: Draft[K]) => {
    onSaved(false);
    setDraft((d) => ({ ...d, [k]: v }));
  };
  const untested = untestedChannels(draft, draftOf(saved), passed);
  const save = useMutation({
    mutationFn: async () => (await client.PUT('/api/notifications/settings', { body: saveBody(draft) })).data!,
    onSuccess: (data) => {
      if ('webhook_secret' in data && typeof data.webhook_secret === 'string') onSecret(data.webhook_secret);
      onSaved(true);
      void queryClient.invalidateQueries({ queryKey: readsOf('/api/notifications/settings') });
    },
  });
  const errors = formErrors(save.error, FIELDS);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (untested.length === 0) save.mutate();
  };
  const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  // The browser's own zone and the saved one are always offered, even where the runtime's list leaves them out (UTC).
  const zones = [...new Set([browserZone, ...(draft.timezone ? [draft.timezone] : []), ...known])];
  return (
    <form onSubmit={submit} className="maxw-none">
      {CHANNELS.map((channel) => (
        <ChannelFieldset
          key={channel}
          channel={channel}
          draft={draft}
          saved={saved}
          errors={errors}
          set={set}
          onPassed={(d) => setPassed((p) => ({ ...p, [channel]: channelValues(d, channel) }))}
          onSecret={onSecret}
        />
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
          <FormField id="quiet-start" label="From" errors={errors}>
            {(aria) => <HourSelect id="quiet-start" value={draft.quiet_hours_start} onChange={(v) => set('quiet_hours_start', v)} aria={aria} />}
          </FormField>
          <FormField id="quiet-end" label="Until" errors={errors}>
            {(aria) => <HourSelect id="quiet-end" value={draft.quiet_hours_end} onChange={(v) => set('quiet_hours_end', v)} aria={aria} />}
          </FormField>
          <FormField id="timezone" label="Time zone" errors={errors}>
            {(aria) => (
              <select className="usa-select" id="timezone" value={draft.timezone ?? ''} onChange={(e) => set('timezone', e.target.value || null)} {...aria}>
                <option value="">Not set (UTC)</option>
                {zones.map((z) => (
                  <option key={z} value={z}>
                    {z}
                    {z === browserZone ? ' (this device)' : ''}
                  </option>
                ))}
              </select>
            )}
          </FormField>
        </div>
        {draft.timezone !== browserZone && (
          <button type="button" className="usa-button usa-button--unstyled margin-top-1" onClick={() => set('timezone', browserZone)}>
            Use this device&apos;s time zone ({browserZone})
          </button>
        )}
      </fieldset>

      <AlertFilterGrid filters={draft.alert_filters} onChange={(next) => set('alert_filters', next)} />

      <fieldset className="usa-fieldset margin-top-3">
        <legend className="usa-legend usa-legend--large">Digests</legend>
        {DIGESTS.map(([v, words]) => (
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
              Test {untested.map((c) => channelRow(c).label).join(', ')} before saving: {untested.length === 1 ? 'its settings' : 'their settings'} changed.
            </p>
          </div>
        </div>
      )}
      <ErrorSummary errors={errors} />
      <div className="display-flex flex-align-center gap-2 margin-top-3">
        <button type="submit" className="usa-button margin-top-0" disabled={save.isPending || untested.length > 0}>
          {save.isPending ? 'Saving…' : 'Save settings'}
        </button>
        <span role="status">{justSaved ? 'Saved.' : ''}</span>
      </div>
    </form>
  );
}

/** Quiet hours are "HH:MM"; a whole hour stored before minutes were accepted reads as "HH:00". */
const asTime = (value: string | number | null): string => (value === null ? '' : typeof value === 'number' ? `${String(value).padStart(2, '0')}:00` : value);
const HALF_HOURS = Array.from({ length: 48 }, (_, i) => `${String(Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`);

function HourSelect({ id, value, onChange, aria }: { id: string; value: string | number | null; onChange: (v: string | null) => void; aria: object }) {
  const current = asTime(value);
  const options = current && !HALF_HOURS.includes(current) ? [...HALF_HOURS, current].sort() : HALF_HOURS;
  return (
    <select className="usa-select" id={id} value={current} onChange={(e) => onChange(e.target.value === '' ? null : e.target.value)} {...aria}>
      <option value="">No quiet hours</option>
      {options.map((t) => (
        <option key={t} value={t}>
          {t}
        </option>
      ))}
    </select>
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
