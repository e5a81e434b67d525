// Create an account (POST /api/auth/register), then sign straight in with the same details.
import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useApi } from '../api/api-context.tsx';
import { PageHeading } from '../components/PageHeading.tsx';
import { useSession } from '../session/session-context.tsx';
import { AuthForm, nextPath } from './auth-form.tsx';

export default function SignUpPage() {
  const { client } = useApi();
  const session = useSession();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const register = useMutation({
    mutationFn: async ({ email, password }: { email: string; password: string }) => {
      await client.POST('/api/auth/register', { body: { email, password } });
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
      <PageHeading>Create an account</PageHeading>
      <p>Follow bills and members, keep notes and collections, and get alerts by push, email, RSS or webhook. Free, and no government account needed.</p>
      <AuthForm
        submitLabel="Create account"
        newPassword
        busy={register.isPending}
        error={register.error}
        onSubmit={(email, password) => register.mutate({ email, password })}
      >
        <p className="margin-top-3">
          Already have an account? <Link to={`/signin${search.size ? `?${search.toString()}` : ''}`}>Sign in</Link>.
        </p>
      </AuthForm>
    </>
  );
}
