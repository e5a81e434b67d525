/**
 * Follow a bill with a stance: Just following, Support or Oppose (the follow modes neutral, hold_boost, hold_veto),
 * change the stance, or unfollow. Opened by the Follow button or by the `?follow=1` deep link.
 */
import { useState, type FormEvent } from 'react';
import { Dialog } from '../components/Dialog.tsx';
import { ErrorSummary, formErrors } from '../components/FormField.tsx';
import { ErrorState } from '../components/QueryState.tsx';
import { STANCES, type FollowMode } from '../words/stance-words.ts';
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
  const [mode, setMode] = useState<FollowMode>(current?.follow_mode ?? 'neutral');
  const { follow, unfollow } = useFollowMutations('bill', billId);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    follow.mutate(mode, { onSuccess: onDone });
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
      <ErrorSummary errors={formErrors(follow.error, { follow_mode: { id: `stance-${mode}`, label: 'your stance' } })} />
      {unfollow.error && <ErrorState error={unfollow.error} />}
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
