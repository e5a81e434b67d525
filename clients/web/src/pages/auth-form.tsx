// The email and password form that sign-in and sign-up share, with the service's refusals beside the fields.
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { ErrorSummary, FormField, formErrors } from '../components/FormField.tsx';

export function AuthForm({
  submitLabel,
  newPassword,
  busy,
  error,
  onSubmit,
  children,
}: {
  submitLabel: string;
  newPassword: boolean;
  busy: boolean;
  error: unknown;
  onSubmit: (email: string, password: string) => void;
  children?: ReactNode;
}) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [show, setShow] = useState(false);
  const id = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit(email.trim(), password);
  };
  const errors = formErrors(error, { email: { id: `${id}-email`, label: 'your email address' }, password: { id: `${id}-password`, label: 'the password' } });
  return (
    <form className="usa-form usa-form--large" onSubmit={submit}>
      <ErrorSummary errors={errors} />
      <FormField id={`${id}-email`} label="Email address" errors={errors}>
        {(aria) => (
          <input
            className="usa-input"
            id={`${id}-email`}
            name="email"
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            {...aria}
          />
        )}
      </FormField>
      <FormField id={`${id}-password`} label="Password" hint={newPassword ? 'At least 8 characters.' : undefined} errors={errors}>
        {(aria) => (
          <input
            className="usa-input"
            id={`${id}-password`}
            name="password"
            type={show ? 'text' : 'password'}
            autoComplete={newPassword ? 'new-password' : 'current-password'}
            minLength={newPassword ? 8 : undefined}
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            {...aria}
          />
        )}
      </FormField>
      <div className="usa-checkbox margin-top-1">
        <input className="usa-checkbox__input" id={`${id}-show`} type="checkbox" checked={show} onChange={(e) => setShow(e.target.checked)} />
        <label className="usa-checkbox__label" htmlFor={`${id}-show`}>
          Show password
        </label>
      </div>
      <button type="submit" className="usa-button margin-top-3" disabled={busy}>
        {busy ? 'Please wait…' : submitLabel}
      </button>
      {children}
    </form>
  );
}

/** Where to go after signing in: the `next` the sign-in prompt passed, if it is a path of this app. */
export function nextPath(search: URLSearchParams): string {
  const next = search.get('next');
  return next && next.startsWith('/') && !next.startsWith('//') ? next : '/dashboard';
}
