import { Link, Navigate, useSearchParams } from 'react-router';
import { AuthCard } from '../../features/auth/components/auth-card.tsx';
import { SignUpForm } from '../../features/auth/components/sign-up-form.tsx';
import { ProviderButtons } from '../../features/auth/components/provider-buttons.tsx';
import { safeRedirectPath, withRedirect } from '../../features/auth/redirect-target.ts';
import { useSession } from '../../features/auth/use-session.ts';

export function SignUpRoute() {
  const [params] = useSearchParams();
  const { user } = useSession();
  const target = safeRedirectPath(params.get('redirect'));

  // Also how a successful sign-up leaves: the new account is signed in straight away.
  if (user) return <Navigate to={target} replace />;

  return (
    <AuthCard
      title="Create your account"
      subtitle="It takes a minute, and then your seats are a click away."
      footer={
        <>
          Already have an account?{' '}
          <Link
            to={withRedirect('/sign-in', target)}
            className="font-semibold text-brand-700 underline-offset-4 hover:underline dark:text-brand-300"
          >
            Sign in
          </Link>
        </>
      }
    >
      <SignUpForm />
      <ProviderButtons target={target} returnTo={withRedirect('/sign-in', target)} />
    </AuthCard>
  );
}
