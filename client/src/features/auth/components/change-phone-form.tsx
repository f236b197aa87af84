import { formatIndianMobile, indianPhoneMessage, normaliseIndianMobile } from '@marquee/shared';
import { useState, type FormEvent } from 'react';
import { buttonClassName } from '../../../components/ui/button.ts';
import { useUpdatePhone } from '../api/update-user.ts';
import { FormAlert } from './form-alert.tsx';
import { TextField } from './text-field.tsx';

/** The account's optional mobile number: shown to staff at the counter, printed in booking emails. */
export function ChangePhoneForm({ currentPhone }: { currentPhone: string | null }) {
  const updatePhone = useUpdatePhone();
  const [phoneError, setPhoneError] = useState<string | null>(null);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const phone = String(new FormData(event.currentTarget).get('phone')).trim();
    // The server has the last word; this only saves a round trip for a number that cannot be one.
    const problem = phone && !normaliseIndianMobile(phone) ? indianPhoneMessage : null;
    setPhoneError(problem);
    if (!problem) updatePhone.mutate(phone);
  }

  return (
    <form onSubmit={handleSubmit} className="flex flex-col gap-4" noValidate>
      <FormAlert message={phoneError ?? updatePhone.error?.message} />
      <TextField
        label="Mobile number (optional)"
        name="phone"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        placeholder="+91 98765 43210"
        maxLength={20}
        defaultValue={currentPhone ? formatIndianMobile(currentPhone) : ''}
        hint="An Indian mobile number: +91 and 10 digits. The box office can find your bookings by it, and it is printed in your booking emails. Leave it empty to remove it."
      />
      <button
        type="submit"
        disabled={updatePhone.isPending}
        className={buttonClassName('primary', 'self-start')}
      >
        {updatePhone.isPending ? 'Saving...' : 'Save Mobile Number'}
      </button>
    </form>
  );
}
