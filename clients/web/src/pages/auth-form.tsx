// The email and password form that sign-in and sign-up share, with the service's errors shown beside it.
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { ErrorState } from '../components/QueryState.tsx';

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
  return (
    <form className="usa-form usa-form--large" onSubmit={submit}>
      {Boolean(error) && <ErrorState error={error} />}
      <label className="usa-label" htmlFor={`${id}-email`}>
        Email address
      </label>
      <input
        className="usa-input"
        id={`${id}-email`}
        name="email"
        type="email"
        autoComplete="email"
        required
        value={email}
        onChange={(e) => setEmail(e.target.value)}
      />
      <label className="usa-label" htmlFor={`${id}-password`}>
        Password
      </label>
      {newPassword && (
        <div className="usa-hint" id={`${id}-password-hint`}>
          At least 8 characters.
        </div>
      )}
      <input
        className="usa-input"
        id={`${id}-password`}
        name="password"
        type={show ? 'text' : 'password'}
        autoComplete={newPassword ? 'new-password' : 'current-password'}
        minLength={newPassword ? 8 : undefined}
        required
        aria-describedby={newPassword ? `${id}-password-hint` : undefined}
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
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
