import { useState, type FormEvent } from 'react';
import { buttonClassName } from '../../../components/ui/button.ts';
import { useSignUp } from '../api/sign-up.ts';
import { maxPasswordLength, minPasswordLength, passwordHint } from '../password-rules.ts';
import { FormAlert } from './form-alert.tsx';
import { TextField } from './text-field.tsx';

export function SignUpForm() {
  const signUp = useSignUp();
  const [nameError, setNameError] = useState<string | null>(null);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const name = String(form.get('name')).trim();
    // `required` lets a name of only spaces through.
    setNameError(name ? null : 'Please enter your name');
    if (!name) return;
    const phone = String(form.get('phone') ?? '').trim();
    signUp.mutate({
      name,
      email: String(form.get('email')),
      password: String(form.get('password')),
      ...(phone ? { phone } : {}),
    });
  }

  return (
    <form onSubmit={handleSubmit} className="flex flex-col gap-4">
      <FormAlert message={nameError ?? signUp.error?.message} />
      <TextField label="Name" name="name" autoComplete="name" required maxLength={100} />
      <TextField label="Email" name="email" type="email" autoComplete="email" required />
      <TextField
        label="Mobile number (optional)"
        name="phone"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        placeholder="+91 98765 43210"
        maxLength={20}
        hint="+91 and 10 digits. The box office can find your bookings by it."
      />
      <TextField
        label="Password"
        name="password"
        type="password"
        autoComplete="new-password"
        required
        minLength={minPasswordLength}
        maxLength={maxPasswordLength}
        hint={passwordHint}
      />
      <button type="submit" disabled={signUp.isPending} className={buttonClassName('primary', 'mt-2 w-full')}>
        {signUp.isPending ? 'Creating account...' : 'Create Account'}
      </button>
    </form>
  );
}
