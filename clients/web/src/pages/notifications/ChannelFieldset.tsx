/**
 * One channel of the settings form, drawn from its row of the channel table: its on/off box, its fields (each with
 * the service's refusal beside it), what else it shows, and its Test button.
 */
import type { ReactNode } from 'react';
import { FormField, type FormErrors } from '../../components/FormField.tsx';
import type { FormFields } from '../../words/field-errors.ts';
import { ChannelTestButton } from './ChannelTestButton.tsx';
import { channelEnabled } from './channel-draft.ts';
import { CHANNELS, channelRow, type Channel, type ChannelField, type Draft, type Settings, type TextKey } from './channel-table.tsx';

const fieldId = (key: string) => key.replace(/_/g, '-');
/** "Push topic URL" → "the push topic URL", as a sentence names it. */
const inSentence = (label: string) => `the ${/^[A-Z][a-z]/.test(label) ? label.charAt(0).toLowerCase() + label.slice(1) : label}`;

/** Every channel's fields as the service names them, for the form's field errors. */
export const CHANNEL_FIELDS: FormFields = Object.fromEntries(
  CHANNELS.flatMap((c) => [
    [`${c}_enabled`, { id: `${c}-enabled`, label: `the ${channelRow(c).label} box` }],
    ...channelRow(c).fields.map((f) => [f.key, { id: fieldId(f.key), label: inSentence(f.label) }] as const),
  ]),
);

export function ChannelFieldset({
  channel,
  draft,
  saved,
  errors,
  set,
  onPassed,
  onSecret,
}: {
  channel: Channel;
  draft: Draft;
  saved: Settings;
  errors: FormErrors;
  set: (key: keyof Draft, value: Draft[keyof Draft]) => void;
  onPassed: (tested: Draft) => void;
  onSecret: (secret: string) => void;
}) {
  const row = channelRow(channel);
  const enabledKey = `${channel}_enabled` as keyof Draft;
  return (
    <fieldset className="usa-fieldset bw-card margin-top-3">
      <legend className="usa-legend usa-legend--large">{row.label}</legend>
      <div className="usa-checkbox">
        <input
          className="usa-checkbox__input"
          id={`${channel}-enabled`}
          type="checkbox"
          checked={channelEnabled(draft, channel)}
          onChange={(e) => set(enabledKey, e.target.checked)}
        />
        <label className="usa-checkbox__label" htmlFor={`${channel}-enabled`}>
          {row.turnOn}
        </label>
      </div>
      {row.fields
        .filter((f) => !f.shownWhen || f.shownWhen(draft))
        .map((f) => (
          <FormField key={f.key} id={fieldId(f.key)} label={f.label} hint={f.secret?.(saved) ?? f.hint} errors={errors}>
            {(aria) => <ChannelInput field={f} value={draft[f.key]} onChange={(v) => set(f.key, v)} aria={aria} />}
          </FormField>
        ))}
      {row.Extra && <row.Extra saved={saved} onSecret={onSecret} />}
      <ChannelTestButton channel={channel} draft={draft} onPassed={onPassed} />
    </fieldset>
  );
}

function ChannelInput({
  field,
  value,
  onChange,
  aria,
}: {
  field: ChannelField;
  value: Draft[TextKey];
  onChange: (v: string | null) => void;
  aria: object;
}): ReactNode {
  const id = fieldId(field.key);
  if (field.options)
    return (
      <select className="usa-select" id={id} value={value ?? ''} onChange={(e) => onChange(e.target.value)} {...aria}>
        {field.options.map(([v, words]) => (
          <option key={v} value={v}>
            {words}
          </option>
        ))}
      </select>
    );
  return (
    <input
      className="usa-input"
      id={id}
      type={field.type ?? 'text'}
      autoComplete={field.autoComplete}
      value={value ?? ''}
      // An emptied field is null: no value (and for a secret, keep the saved one).
      onChange={(e) => onChange(e.target.value || null)}
      {...aria}
    />
  );
}
