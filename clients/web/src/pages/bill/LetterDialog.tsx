/**
 * The draft letter to a representative: pick up to three cited points of the latest brief (a bill without a brief
 * gets a letter about where it stands, so a Support follower's "Write to your representative" link works on every
 * bill), the stance (pre-filled from the follow: Support asks for a yes, Oppose for a no; cleared once the bill is
 * unfollowed, unless the person chose one here), a tone and an optional name; then copy or download the letter.
 */
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { Schemas } from '../../../../typescript/index.ts';
import { useApi } from '../../api/api-context.tsx';
import { CopyButton } from '../../components/CopyButton.tsx';
import { downloadText } from '../../components/copy.ts';
import { Dialog } from '../../components/Dialog.tsx';
import { ErrorSummary, FormField, formErrors } from '../../components/FormField.tsx';
import { letterStanceOf, type FollowMode } from '../../words/stance-words.ts';

type Stance = 'YES' | 'NO';
const MAX_POINTS = 3;

export function LetterDialog(props: {
  open: boolean;
  onClose: () => void;
  billId: string;
  label: string;
  brief: Schemas['Brief'] | null;
  followMode: FollowMode | null | undefined;
}) {
  return (
    <Dialog open={props.open} onClose={props.onClose} title={`Write to your representative about ${props.label}`}>
      {props.open && <LetterForm {...props} />}
    </Dialog>
  );
}

export function LetterForm({
  billId,
  label,
  brief,
  followMode,
}: {
  billId: string;
  label: string;
  brief: Schemas['Brief'] | null;
  followMode: FollowMode | null | undefined;
}) {
  const { client } = useApi();
  const cited = brief ? brief.points.filter((p) => p.citation) : [];
  const [points, setPoints] = useState<string[]>([]);
  // null: the person has not chosen, so the follow's stance shows (and clears with the follow).
  const [chosenStance, setChosenStance] = useState<Stance | null>(null);
  const stance = chosenStance ?? letterStanceOf(followMode);
  const [tone, setTone] = useState<'formal' | 'friendly' | 'urgent'>('formal');
  const [repName, setRepName] = useState('');
  // The letter as the person edits it; copy and download take this text.
  const [letter, setLetter] = useState('');
  const draft = useMutation({
    mutationFn: async () =>
      (
        await client.POST('/api/bills/{id}/draft-letter', {
          params: { path: { id: billId } },
          body: {
            cited_points: points,
            ...(stance ? { stance } : {}),
            tone,
            ...(brief ? { brief_version: brief.version } : {}),
            ...(repName.trim() ? { rep_name: repName.trim() } : {}),
          },
        })
      ).data!,
    onSuccess: (d) => setLetter(d.letter),
  });
  const toggle = (id: string) => setPoints((ps) => (ps.includes(id) ? ps.filter((p) => p !== id) : ps.length < MAX_POINTS ? [...ps, id] : ps));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    draft.mutate();
  };
  // The points and the stance are groups: their messages link to the first box or button of the group.
  const errors = formErrors(draft.error, {
    cited_points: { id: `letter-point-${cited[0]?.id ?? ''}`, label: 'the points to cite' },
    stance: { id: 'letter-stance-YES', label: 'what to ask them', words: [[/stance/i, 'Choose Vote yes or Vote no.']] },
    tone: { id: 'letter-tone', label: 'the tone' },
    rep_name: { id: 'letter-rep', label: "the representative's name" },
  });
  return (
    <form onSubmit={submit}>
      {brief ? (
        <fieldset className="usa-fieldset">
          <legend className="usa-legend">Points to cite (up to {MAX_POINTS})</legend>
          <p className="usa-hint" aria-live="polite">
            {points.length} of {MAX_POINTS} chosen.
          </p>
          {cited.length === 0 && <p>This brief has no cited point; the letter will speak of the bill in general.</p>}
          {cited.map((p) => (
            <div className="usa-checkbox" key={p.id}>
              <input
                className="usa-checkbox__input"
                id={`letter-point-${p.id}`}
                type="checkbox"
                checked={points.includes(p.id)}
                disabled={!points.includes(p.id) && points.length >= MAX_POINTS}
                onChange={() => toggle(p.id)}
              />
              <label className="usa-checkbox__label" htmlFor={`letter-point-${p.id}`}>
                {p.text}
              </label>
            </div>
          ))}
        </fieldset>
      ) : (
        <p>This bill has no brief yet, so the letter speaks of the bill and where it stands: its title and its latest action.</p>
      )}
      <fieldset className="usa-fieldset margin-top-2">
        <legend className="usa-legend">Ask them to</legend>
        {(
          [
            ['YES', 'Vote yes (support)'],
            ['NO', 'Vote no (oppose)'],
          ] as const
        ).map(([value, text]) => (
          <div className="usa-radio" key={value}>
            <input
              className="usa-radio__input"
              id={`letter-stance-${value}`}
              type="radio"
              name="letter-stance"
              checked={stance === value}
              onChange={() => setChosenStance(value)}
            />
            <label className="usa-radio__label" htmlFor={`letter-stance-${value}`}>
              {text}
            </label>
          </div>
        ))}
        {!stance && <p className="usa-hint">Choose one: you have no Support or Oppose stance on this bill.</p>}
      </fieldset>
      <FormField id="letter-tone" label="Tone" errors={errors}>
        {(aria) => (
          <select className="usa-select" id="letter-tone" value={tone} onChange={(e) => setTone(e.target.value as typeof tone)} {...aria}>
            <option value="formal">Formal</option>
            <option value="friendly">Friendly</option>
            <option value="urgent">Urgent</option>
          </select>
        )}
      </FormField>
      <FormField id="letter-rep" label="Representative's name (optional)" errors={errors}>
        {(aria) => <input className="usa-input" id="letter-rep" value={repName} onChange={(e) => setRepName(e.target.value)} autoComplete="off" {...aria} />}
      </FormField>
      <ErrorSummary errors={errors} />
      <button type="submit" className="usa-button margin-top-2" disabled={draft.isPending || !stance}>
        {draft.isPending ? 'Writing…' : 'Write the letter'}
      </button>
      {draft.data && (
        <div className="margin-top-2">
          <label className="usa-label" htmlFor="letter-text">
            Your letter ({draft.data.method === 'llm' ? 'written by the language model' : 'from the template'}; edit before sending)
          </label>
          <textarea className="usa-textarea" id="letter-text" rows={12} value={letter} onChange={(e) => setLetter(e.target.value)} />
          <div className="display-flex flex-wrap gap-1 flex-align-center margin-top-1">
            <CopyButton value={letter} label="Copy the letter" />
            <button
              type="button"
              className="usa-button usa-button--outline"
              onClick={() => downloadText(`letter-${label.replace(/[^A-Za-z0-9]+/g, '-')}.txt`, letter)}
            >
              Download as a text file
            </button>
          </div>
        </div>
      )}
    </form>
  );
}
