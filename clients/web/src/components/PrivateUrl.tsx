/**
 * A private URL whose token is its only credential (the RSS feed's, the calendar's): shown read-only to select or
 * copy, with the button that replaces it (the old one stops working) and whatever else goes beside them.
 */
import type { ReactNode } from 'react';
import { CopyButton } from './CopyButton.tsx';
import { ErrorState } from './QueryState.tsx';

export function PrivateUrl(props: {
  id: string;
  label: string;
  url: string;
  copyLabel: string;
  renewLabel: string;
  renewing: boolean;
  onRenew: () => void;
  renewError: unknown;
  /** Shown first in the row of actions (a subscribe link). */
  children?: ReactNode;
}) {
  return (
    <>
      <label className="usa-label" htmlFor={props.id}>
        {props.label}
      </label>
      <input className="usa-input bw-wrap" id={props.id} readOnly value={props.url} onFocus={(e) => e.currentTarget.select()} />
      <div className="display-flex flex-wrap flex-align-center gap-1 margin-top-1">
        {props.children}
        <CopyButton value={props.url} label={props.copyLabel} />
        <button type="button" className="usa-button usa-button--unstyled" disabled={props.renewing} onClick={props.onRenew}>
          {props.renewLabel}
        </button>
      </div>
      {props.renewError ? <ErrorState error={props.renewError} /> : null}
    </>
  );
}
