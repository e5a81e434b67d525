/**
 * Honest states for anything loaded from the API: a placeholder while loading, the service's own `detail` on a
 * failure, with a Retry button where another try can help (offline, 5xx, rate limited).
 */
import type { ReactNode } from 'react';
import { asFailure } from '../api/api-failure.ts';
import { fieldMessages } from '../words/field-errors.ts';

export function LoadingPlaceholder({ label = 'Loading…', lines = 3 }: { label?: string; lines?: number }) {
  return (
    <div role="status" aria-live="polite" className="margin-y-2">
      <span className="usa-sr-only">{label}</span>
      {Array.from({ length: lines }, (_, i) => (
        <div key={i} className="bw-skeleton" style={{ width: `${90 - i * 15}%` }} aria-hidden="true" />
      ))}
    </div>
  );
}

export function ErrorState({ error, onRetry, heading }: { error: unknown; onRetry?: () => void; heading?: string }) {
  const failure = asFailure(error);
  const offline = failure.status === 0;
  // A refusal of what was entered reads in plain words (a form shows them beside its fields: FormField.tsx).
  const refused = fieldMessages(failure, {});
  const title =
    heading ??
    (offline
      ? 'Could not reach BillWatch'
      : failure.status >= 500
        ? 'BillWatch had a problem'
        : refused.length
          ? 'That was not accepted'
          : 'That did not work');
  return (
    <div className={`usa-alert ${failure.retryable ? 'usa-alert--warning' : 'usa-alert--error'} usa-alert--slim margin-y-2`} role="alert">
      <div className="usa-alert__body">
        <h2 className="usa-alert__heading font-sans-sm">{title}</h2>
        {refused.length === 0 ? (
          <p className="usa-alert__text">{failure.detail}</p>
        ) : refused.length === 1 ? (
          <p className="usa-alert__text">{refused[0]!.message}</p>
        ) : (
          <ul>
            {refused.map((e) => (
              <li key={e.message}>{e.message}</li>
            ))}
          </ul>
        )}
        {onRetry && failure.retryable && (
          <button type="button" className="usa-button usa-button--outline margin-top-1" onClick={onRetry}>
            Retry
          </button>
        )}
      </div>
    </div>
  );
}

/** A list with nothing in it, saying what the person can do about that. */
export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <div className="usa-summary-box margin-y-2">
      <div className="usa-summary-box__body">
        <div className="usa-summary-box__text">{children}</div>
      </div>
    </div>
  );
}

interface QueryLike<T> {
  data: T | undefined;
  error: unknown;
  isPending: boolean;
  refetch: () => unknown;
}

/** Renders a query's loading and error states, and its data through `children` once it is there. */
export function QueryState<T>({ query, children, label }: { query: QueryLike<T>; children: (data: T) => ReactNode; label?: string }) {
  if (query.isPending) return <LoadingPlaceholder {...(label ? { label } : {})} />;
  if (query.error || query.data === undefined) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  return <>{children(query.data)}</>;
}
