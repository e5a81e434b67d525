/**
 * A form's fields with the service's refusals beside them: `formErrors` reads a failed save against the form's
 * fields (words/field-errors.ts), `FormField` shows a field's label, hint and plain message (the input gets
 * aria-invalid and aria-describedby), and `ErrorSummary` lists every problem once above the buttons, each a link to
 * its input, taking the focus when it appears so a screen reader reads it. A failure that is not about fields (a
 * conflict, the service down) shows as any other error.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import { asFailure, type ApiFailure } from '../api/api-failure.ts';
import { fieldMessages, type FieldMessage, type FormFields } from '../words/field-errors.ts';
import { ErrorState } from './QueryState.tsx';

export interface FormErrors {
  failure: ApiFailure | undefined;
  messages: FieldMessage[];
  /** The plain message for the input with this id, if the service refused it. */
  of(id: string): string | undefined;
}

export interface InputAria {
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

/** The service's refusal of a form's fields, and the form's own checks (input id → message) before it sent anything. */
export function formErrors(error: unknown, fields: FormFields, checks: Record<string, string> = {}): FormErrors {
  const failure = error ? asFailure(error) : undefined;
  const messages = [...Object.entries(checks).map(([id, message]) => ({ id, message })), ...fieldMessages(failure, fields)];
  return { failure, messages, of: (id) => messages.find((m) => m.id === id)?.message };
}

/** What an input needs to be described by its hint and its error. */
export function inputAria(id: string, errors: FormErrors | undefined, hint = false): InputAria {
  const error = errors?.of(id);
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return { ...(error ? { 'aria-invalid': true as const } : {}), ...(describedBy ? { 'aria-describedby': describedBy } : {}) };
}

/** A labelled field with its hint and, after a refused save, its plain message; `children` gets the input's aria. */
export function FormField({
  id,
  label,
  hint,
  errors,
  children,
}: {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  errors?: FormErrors | undefined;
  children: (aria: InputAria) => ReactNode;
}) {
  const error = errors?.of(id);
  return (
    <div className={`usa-form-group${error ? ' usa-form-group--error' : ''}`}>
      <label className={`usa-label${error ? ' usa-label--error' : ''}`} htmlFor={id}>
        {label}
      </label>
      {hint && (
        <div className="usa-hint" id={`${id}-hint`}>
          {hint}
        </div>
      )}
      {error && (
        <span className="usa-error-message" id={`${id}-error`}>
          {error}
        </span>
      )}
      {children(inputAria(id, errors, Boolean(hint)))}
    </div>
  );
}

/** Every problem of a refused save, once; a failure that names no field shows as the service said it. */
export function ErrorSummary({ errors, onRetry }: { errors: FormErrors; onRetry?: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const { failure, messages } = errors;
  const shown = messages.length > 0;
  useEffect(() => {
    if (shown) heading.current?.focus();
  }, [failure, shown]);
  if (!shown) return failure ? <ErrorState error={failure} {...(onRetry ? { onRetry } : {})} /> : null;
  return (
    <div className="usa-alert usa-alert--error usa-alert--slim margin-y-2" role="alert">
      <div className="usa-alert__body">
        <h2 className="usa-alert__heading font-sans-sm" tabIndex={-1} ref={heading}>
          {messages.length === 1 ? 'Check this and try again' : `Check these ${messages.length} things and try again`}
        </h2>
        <ul className="usa-list">
          {messages.map((m) => (
            <li key={m.id ?? m.message}>
              {m.id ? (
                <a
                  href={`#${m.id}`}
                  onClick={(e) => {
                    e.preventDefault();
                    document.getElementById(m.id!)?.focus();
                  }}
                >
                  {m.message}
                </a>
              ) : (
                m.message
              )}
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
