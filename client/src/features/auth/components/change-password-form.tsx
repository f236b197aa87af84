import { useState, type FormEvent } from 'react';
import { buttonClassName } from '../../../components/ui/button.ts';
import { useChangePassword } from '../api/change-password.ts';
import { maxPasswordLength, minPasswordLength, passwordHint } from '../password-rules.ts';
import { FormAlert } from './form-alert.tsx';
import { TextField } from './text-field.tsx';

export function ChangePasswordForm() {
  const changePassword = useChangePassword();
  const [mismatch, setMismatch] = useState(false);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const newPassword = String(form.get('newPassword'));
    const isMismatch = newPassword !== String(form.get('confirmPassword'));
    setMismatch(isMismatch);
    if (isMismatch) return;
    changePassword.mutate(
      {
        currentPassword: String(form.get('currentPassword')),
        newPassword,
        revokeOtherSessions: form.get('revokeOtherSessions') === 'on',
      },
      // Passwords should not linger in the page once they have done their job.
      { onSuccess: () => formElement.reset() },
    );
  }

  return (
    <form onSubmit={handleSubmit} className="flex flex-col gap-4">
      <FormAlert message={mismatch ? 'New passwords do not match' : changePassword.error?.message} />
      <TextField
        label="Current password"
        name="currentPassword"
        type="password"
        autoComplete="current-password"
        required
      />
      <TextField
        label="New password"
        name="newPassword"
        type="password"
        autoComplete="new-password"
        required
        minLength={minPasswordLength}
        maxLength={maxPasswordLength}
        hint={passwordHint}
      />
      <TextField
        label="Confirm new password"
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        required
        minLength={minPasswordLength}
        maxLength={maxPasswordLength}
      />
      <label className="flex items-center gap-2 text-sm text-zinc-800 dark:text-zinc-200">
        <input
          type="checkbox"
          name="revokeOtherSessions"
          defaultChecked
          className="size-4 accent-brand-700 dark:accent-brand-400"
        />
        Sign out of other devices
      </label>
      <button
        type="submit"
        disabled={changePassword.isPending}
        className={buttonClassName('primary', 'self-start')}
      >
        {changePassword.isPending ? 'Changing...' : 'Change Password'}
      </button>
    </form>
  );
}
