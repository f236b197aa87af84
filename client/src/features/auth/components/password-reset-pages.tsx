import { useMutation } from '@tanstack/react-query';
import { MailCheck } from 'lucide-react';
import type { FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { buttonClassName } from '../../../components/ui/button.ts';
import { api } from '../../../lib/api.ts';
import { AuthCard } from './auth-card.tsx';
import { FormAlert } from './form-alert.tsx';
import { TextField } from './text-field.tsx';
import { maxPasswordLength, minPasswordLength, passwordHint } from '../password-rules.ts';

const linkClassName = 'font-semibold text-brand-700 underline-offset-4 hover:underline dark:text-brand-300';

/** /forgot-password: asks for the email; the answer is the same whether or not it has an account. */
export function ForgotPasswordPage() {
  const request = useMutation({
    mutationFn: (email: string) =>
      api('/api/auth/request-password-reset', {
        method: 'POST',
        body: { email },
        fallbackMessage: 'Could not send the link. Please try again.',
      }),
  });

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    request.mutate(String(new FormData(event.currentTarget).get('email')).trim());
  }

  return (
    <AuthCard
      title="Forgot password?"
      subtitle="We'll email you a link to choose a new one."
      footer={
        <Link to="/sign-in" className={linkClassName}>
          Back to sign in
        </Link>
      }
    >
      {request.isSuccess ? (
        <div role="status" className="flex gap-3 text-sm text-zinc-800 dark:text-zinc-200">
          <MailCheck aria-hidden className="size-6 shrink-0 text-emerald-600" />
          <p>
            If that email has an account, a link to reset its password is on its way. It works once, for one
            hour.
          </p>
        </div>
      ) : (
        <form onSubmit={handleSubmit} className="flex flex-col gap-4">
          <FormAlert message={request.error?.message} />
          <TextField label="Email" name="email" type="email" autoComplete="email" required />
          <button
            type="submit"
            disabled={request.isPending}
            className={buttonClassName('primary', 'mt-2 w-full')}
          >
            {request.isPending ? 'Sending...' : 'Send reset link'}
          </button>
        </form>
      )}
    </AuthCard>
  );
}

/** /reset-password?token=…: the emailed link's page; a new password signs out every other session. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const reset = useMutation({
    mutationFn: (newPassword: string) =>
      api('/api/auth/reset-password', {
        method: 'POST',
        body: { newPassword, token },
        fallbackMessage: 'This link has expired or was already used. Ask for a new one.',
      }),
  });

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    reset.mutate(String(new FormData(event.currentTarget).get('password')));
  }

  const message =
    reset.error && /token/i.test(reset.error.message)
      ? 'This link has expired or was already used. Ask for a new one.'
      : reset.error?.message;

  return (
    <AuthCard
      title="Choose a new password"
      footer={
        <Link to="/forgot-password" className={linkClassName}>
          Ask for a new link
        </Link>
      }
    >
      {reset.isSuccess ? (
        <div role="status" className="text-sm text-zinc-800 dark:text-zinc-200">
          <p>Your password has been changed, and every other device signed out.</p>
          <Link to="/sign-in" className={buttonClassName('primary', 'mt-4 w-full')}>
            Sign in
          </Link>
        </div>
      ) : !token ? (
        <FormAlert message="This page needs the link from the reset email." />
      ) : (
        <form onSubmit={handleSubmit} className="flex flex-col gap-4">
          <FormAlert message={message} />
          <TextField
            label="New password"
            name="password"
            type="password"
            autoComplete="new-password"
            hint={passwordHint}
            minLength={minPasswordLength}
            maxLength={maxPasswordLength}
            required
          />
          <button
            type="submit"
            disabled={reset.isPending}
            className={buttonClassName('primary', 'mt-2 w-full')}
          >
            {reset.isPending ? 'Saving...' : 'Set new password'}
          </button>
        </form>
      )}
    </AuthCard>
  );
}
