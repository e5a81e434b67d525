// Sign in: POST /api/auth/login, keep the token, go back to where the person was.
import { useMutation } from '@tanstack/react-query';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useApi } from '../api/api-context.tsx';
import { PageHeading } from '../components/PageHeading.tsx';
import { useSession } from '../session/session-context.tsx';
import { AuthForm, nextPath } from './auth-form.tsx';

/** Navigation state another page passes to say why the person must sign in (after a password change, say). */
export interface SignInNotice {
  notice: string;
}

const noticeOf = (state: unknown): string | undefined =>
  state && typeof state === 'object' && 'notice' in state && typeof state.notice === 'string' ? state.notice : undefined;

export default function SignInPage() {
  const { client } = useApi();
  const session = useSession();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const notice = noticeOf(useLocation().state);
  const login = useMutation({
    mutationFn: async ({ email, password }: { email: string; password: string }) => {
      const { data } = await client.POST('/api/auth/login', { body: { email, password } });
      return data!;
    },
    onSuccess: (data) => {
      session.signIn(data.access_token);
      navigate(nextPath(search), { replace: true });
    },
  });
  return (
    <>
      <PageHeading>Sign in</PageHeading>
      {notice && (
        <div className="usa-alert usa-alert--info usa-alert--slim margin-y-2" role="status">
          <div className="usa-alert__body">
            <p className="usa-alert__text">{notice}</p>
          </div>
        </div>
      )}
      <AuthForm
        submitLabel="Sign in"
        newPassword={false}
        busy={login.isPending}
        error={login.error}
        onSubmit={(email, password) => login.mutate({ email, password })}
      >
        <p className="margin-top-3">
          New to BillWatch? <Link to={`/signup${search.size ? `?${search.toString()}` : ''}`}>Create an account</Link>.
        </p>
      </AuthForm>
    </>
  );
}
