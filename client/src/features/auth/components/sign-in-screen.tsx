import type { FormEvent } from 'react';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router';
import { buttonClassName } from '../../../components/ui/button.ts';
import { useSignIn } from '../api/sign-in.ts';
import { safeRedirectPath, withRedirect } from '../redirect-target.ts';
import { useSession } from '../use-session.ts';
import { AuthCard } from './auth-card.tsx';
import { FormAlert } from './form-alert.tsx';
import { ProviderButtons } from './provider-buttons.tsx';
import { TextField } from './text-field.tsx';

interface SignInScreenProps {
  title: string;
  subtitle: string;
  /** Where to go afterwards when the address names no (safe) `redirect`. */
  defaultTarget: string;
  /** Admins are made by the operator, so the admin screen offers no sign-up. */
  offerSignUp: boolean;
}

export function SignInScreen({ title, subtitle, defaultTarget, offerSignUp }: SignInScreenProps) {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const { user } = useSession();
  const signIn = useSignIn();
  const target = safeRedirectPath(params.get('redirect'), defaultTarget);

  // Also how a successful sign-in leaves: the session query now holds the user.
  if (user) return <Navigate to={target} replace />;

  // The provider comes back here with `error` when its sign-in did not complete.
  const providerFailed = params.has('error') && !signIn.error;
  const message = providerFailed
    ? 'Signing in with the provider did not complete. Please try again.'
    : signIn.error?.message;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    signIn.mutate({ email: String(form.get('email')), password: String(form.get('password')) });
  }

  return (
    <AuthCard
      title={title}
      subtitle={subtitle}
      footer={
        offerSignUp && (
          <>
            New to Marquee?{' '}
            <Link
              to={withRedirect('/sign-up', target)}
              className="font-semibold text-brand-700 underline-offset-4 hover:underline dark:text-brand-300"
            >
              Create an account
            </Link>
          </>
        )
      }
    >
      <form onSubmit={handleSubmit} className="flex flex-col gap-4">
        <FormAlert message={message} />
        <TextField label="Email" name="email" type="email" autoComplete="email" required />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
        />
        <Link
          to="/forgot-password"
          className="-mt-2 self-end text-sm font-medium text-brand-700 underline-offset-4 hover:underline dark:text-brand-300"
        >
          Forgot password?
        </Link>
        <button
          type="submit"
          disabled={signIn.isPending}
          className={buttonClassName('primary', 'mt-2 w-full')}
        >
          {signIn.isPending ? 'Signing in...' : 'Sign In'}
        </button>
      </form>
      <ProviderButtons target={target} returnTo={withRedirect(pathname, target)} />
    </AuthCard>
  );
}
