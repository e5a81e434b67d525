/**
 * Follow a bill with a stance: Just following, Support or Oppose (the follow modes neutral, hold_boost, hold_veto),
 * change the stance, or unfollow; and follow the committees the bill was referred to (one checkbox each, saved with
 * the stance). Opened by the Follow button or by the `?follow=1` deep link.
 */
import { useState, type FormEvent } from 'react';
import { committeeName, useCommittees } from '../schedule/use-committees.ts';
import { Dialog } from '../components/Dialog.tsx';
import { ErrorSummary, formErrors } from '../components/FormField.tsx';
import { ErrorState } from '../components/QueryState.tsx';
import { STANCES, type FollowMode } from '../words/stance-words.ts';
import { useBillCommittees, useCommitteeFollowChanges, useCommitteeFollows } from './committee-follows.ts';
import { useFollowMutations, type Follow } from './use-follows.ts';

export function FollowBillDialog({
  billId,
  label,
  current,
  open,
  onClose,
}: {
  billId: string;
  label: string;
  current: Follow | undefined;
  open: boolean;
  onClose: () => void;
}) {
  return (
    <Dialog open={open} onClose={onClose} title={current ? `Your follow of ${label}` : `Follow ${label}`}>
      {open && <FollowBillForm billId={billId} current={current} onDone={onClose} />}
    </Dialog>
  );
}

function FollowBillForm({ billId, current, onDone }: { billId: string; current: Follow | undefined; onDone: () => void }) {
  // The stance chosen here, else the saved one: a `?follow=1` link opens the dialog before the saved follow is read.
  const [chosen, setMode] = useState<FollowMode | null>(null);
  const mode = chosen ?? current?.follow_mode ?? 'neutral';
  const { follow, unfollow } = useFollowMutations('bill', billId);
  const committees = useCommitteeChoices(billId);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    follow.mutate(mode, { onSuccess: () => committees.save(onDone) });
  };
  return (
    <form onSubmit={submit}>
      <fieldset className="usa-fieldset">
        <legend className="usa-legend">Where do you stand on this bill?</legend>
        {STANCES.map((s) => (
          <div className="usa-radio" key={s.mode}>
            <input
              className="usa-radio__input usa-radio__input--tile"
              id={`stance-${s.mode}`}
              type="radio"
              name="stance"
              value={s.mode}
              checked={mode === s.mode}
              onChange={() => setMode(s.mode)}
            />
            <label className="usa-radio__label" htmlFor={`stance-${s.mode}`}>
              {s.label}
              <span className="usa-checkbox__label-description">{s.hint}</span>
            </label>
          </div>
        ))}
      </fieldset>
      <CommitteeChoices {...committees} />
      <ErrorSummary errors={formErrors(follow.error, { follow_mode: { id: `stance-${mode}`, label: 'your stance' } })} />
      {unfollow.error && <ErrorState error={unfollow.error} />}
      {committees.error && <ErrorState error={committees.error} />}
      <ul className="usa-button-group margin-top-3">
        <li className="usa-button-group__item">
          <button type="submit" className="usa-button" disabled={follow.isPending}>
            {current ? 'Save my stance' : 'Follow this bill'}
          </button>
        </li>
        {current && (
          <li className="usa-button-group__item">
            <button
              type="button"
              className="usa-button usa-button--secondary"
              disabled={unfollow.isPending}
              onClick={() => unfollow.mutate(undefined, { onSuccess: onDone })}
            >
              Unfollow
            </button>
          </li>
        )}
        <li className="usa-button-group__item">
          <button type="button" className="usa-button usa-button--unstyled" onClick={onDone}>
            Cancel
          </button>
        </li>
      </ul>
    </form>
  );
}

/** The committees the bill was referred to, each ticked when followed; `save` follows and unfollows what changed. */
function useCommitteeChoices(billId: string) {
  const { committees } = useBillCommittees(billId);
  const { followed } = useCommitteeFollows();
  const { byId } = useCommittees();
  const changes = useCommitteeFollowChanges();
  const [ticked, setTicked] = useState<Record<string, boolean>>({});
  const isTicked = (id: string) => ticked[id] ?? followed.has(id);
  const save = (onDone: () => void) => {
    const follow = committees.filter((id) => isTicked(id) && !followed.has(id));
    const unfollow = committees.filter((id) => !isTicked(id) && followed.has(id));
    if (follow.length + unfollow.length === 0) onDone();
    else changes.mutate({ follow, unfollow }, { onSuccess: onDone });
  };
  const options = committees.map((id) => ({ id, name: committeeName(id, byId), ticked: isTicked(id) }));
  return { options, onTick: (id: string, on: boolean) => setTicked((t) => ({ ...t, [id]: on })), save, error: changes.error };
}

function CommitteeChoices({ options, onTick }: { options: { id: string; name: string; ticked: boolean }[]; onTick: (id: string, on: boolean) => void }) {
  if (options.length === 0) return null;
  return (
    <fieldset className="usa-fieldset margin-top-2">
      <legend className="usa-legend">Also follow the committees it was referred to</legend>
      <p className="usa-hint">A committee&apos;s followers hear of the bills referred to it, its reports and its meetings before they happen.</p>
      {options.map((c) => (
        <div className="usa-checkbox" key={c.id}>
          <input className="usa-checkbox__input" id={`committee-${c.id}`} type="checkbox" checked={c.ticked} onChange={(e) => onTick(c.id, e.target.checked)} />
          <label className="usa-checkbox__label" htmlFor={`committee-${c.id}`}>
            {c.name}
          </label>
        </div>
      ))}
    </fieldset>
  );
}
