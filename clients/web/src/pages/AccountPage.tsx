/**
 * The signed-in person's account: who is signed in, change the password and sign out everywhere. Both end every
 * token issued before (this one included), so afterwards the app forgets its token and sends the person to sign in
 * again with a notice saying why.
 */
import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useApi } from '../api/api-context.tsx';
import { ErrorSummary, FormField, formErrors } from '../components/FormField.tsx';
import { PageHeading } from '../components/PageHeading.tsx';
import { ErrorState } from '../components/QueryState.tsx';
import { RequireSignedIn } from '../session/RequireSignedIn.tsx';
import { useSession } from '../session/session-context.tsx';
import { formatDate } from '../words/format.ts';
import type { SignInNotice } from './SignInPage.tsx';

export default function AccountPage() {
  return (
    <RequireSignedIn what="manage your account">
      <Account />
    </RequireSignedIn>
  );
}

/** Forgets the token (the service refuses it now) and opens sign-in with the notice. */
function useSignInAgain() {
  const session = useSession();
  const navigate = useNavigate();
  return (notice: string) => {
    session.signOut();
    const state: SignInNotice = { notice };
    navigate('/signin?next=%2Faccount', { replace: true, state });
  };
}

function Account() {
  const { user } = useSession();
  return (
    <>
      <PageHeading>Your account</PageHeading>
      {user && (
        <p className="usa-intro">
          Signed in as <strong>{user.email}</strong>
          {user.created_at ? `, with BillWatch since ${formatDate(user.created_at)}` : ''}.
        </p>
      )}
      <ChangePassword />
      <SignOutEverywhere />
    </>
  );
}

function ChangePassword() {
  const { client } = useApi();
  const signInAgain = useSignInAgain();
  const id = useId();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [show, setShow] = useState(false);
  const change = useMutation({
    mutationFn: async () => {
      await client.POST('/api/auth/password', { body: { current_password: current, new_password: next } });
    },
    onSuccess: () => signInAgain('Your password is changed. You are signed out on every device: sign in again with your new password.'),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    change.mutate();
  };
  const errors = formErrors(change.error, {
    current_password: { id: `${id}-current`, label: 'your current password', words: [[/current password/, 'That is not your current password.']] },
    new_password: { id: `${id}-new`, label: 'the new password' },
  });
  return (
    <section aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Change your password</h2>
      <p>Changing it signs you out everywhere, here included; you then sign in again with the new password.</p>
      <form className="usa-form usa-form--large" onSubmit={submit}>
        <ErrorSummary errors={errors} />
        <FormField id={`${id}-current`} label="Current password" errors={errors}>
          {(aria) => (
            <input
              className="usa-input"
              id={`${id}-current`}
              type={show ? 'text' : 'password'}
              autoComplete="current-password"
              required
              value={current}
              onChange={(e) => setCurrent(e.target.value)}
              {...aria}
            />
          )}
        </FormField>
        <FormField id={`${id}-new`} label="New password" hint="At least 8 characters." errors={errors}>
          {(aria) => (
            <input
              className="usa-input"
              id={`${id}-new`}
              type={show ? 'text' : 'password'}
              autoComplete="new-password"
              minLength={8}
              maxLength={256}
              required
              value={next}
              onChange={(e) => setNext(e.target.value)}
              {...aria}
            />
          )}
        </FormField>
        <div className="usa-checkbox margin-top-1">
          <input className="usa-checkbox__input" id={`${id}-show`} type="checkbox" checked={show} onChange={(e) => setShow(e.target.checked)} />
          <label className="usa-checkbox__label" htmlFor={`${id}-show`}>
            Show passwords
          </label>
        </div>
        <button type="submit" className="usa-button margin-top-3" disabled={change.isPending}>
          {change.isPending ? 'Please wait…' : 'Change password'}
        </button>
      </form>
    </section>
  );
}

function SignOutEverywhere() {
  const { client } = useApi();
  const signInAgain = useSignInAgain();
  const logoutAll = useMutation({
    mutationFn: async () => {
      await client.POST('/api/auth/logout-all');
    },
    onSuccess: () => signInAgain('You are signed out on every device, this one included. Sign in again to continue.'),
  });
  return (
    <section aria-labelledby="everywhere-heading" className="margin-top-4">
      <h2 id="everywhere-heading">Sign out everywhere</h2>
      <p>Lost a phone or signed in on a shared computer? This signs you out on every device and browser, this one included.</p>
      {Boolean(logoutAll.error) && <ErrorState error={logoutAll.error} />}
      <button type="button" className="usa-button usa-button--secondary" disabled={logoutAll.isPending} onClick={() => logoutAll.mutate()}>
        Sign out everywhere
      </button>
    </section>
  );
}
