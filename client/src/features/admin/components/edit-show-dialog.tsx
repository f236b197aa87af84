import type { AdminShow } from '@marquee/shared';
import { useRef, useState, type FormEvent } from 'react';
import { toast } from 'react-toastify/unstyled';
import { Modal } from '../../../components/ui/modal.tsx';
import { buttonClassName } from '../../../components/ui/button.ts';
import { useCinemaTimeZone } from '../api/get-cinema-time-zone.ts';
import { useUpdateShow } from '../api/update-show.ts';
import { buildShowUpdate, editShowDefaults, editShowFields, type EditShowField } from '../edit-show.ts';
import { formatShowDate } from '../format.ts';
import { cinemaNow, firstError, type FieldErrors } from '../show-form.ts';
import { Field, focusControl, FormMessage, inputClassName } from './field.tsx';

/** Edits a show's price, start and size; the server's refusals are shown as it words them. */
export function EditShowDialog({ show, onClose }: { show: AdminShow; onClose: () => void }) {
  const formRef = useRef<HTMLFormElement>(null);
  const timeZone = useCinemaTimeZone();
  const [min] = useState(() => cinemaNow(new Date(), timeZone));
  const [values, setValues] = useState(() => editShowDefaults(show));
  const [errors, setErrors] = useState<FieldErrors<EditShowField | 'form'>>({});
  const updateShow = useUpdateShow();
  const taken = show.seatsSold + show.seatsHeld;

  function change(field: EditShowField, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors(({ [field]: _fixed, form: _form, ...rest }) => rest);
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const outcome = buildShowUpdate(show, values);
    if (!outcome.ok) {
      setErrors(outcome.errors);
      const first = firstError(editShowFields, outcome.errors);
      if (first) focusControl(formRef.current, first);
      return;
    }
    setErrors({});
    updateShow.mutate(
      { showId: show._id, changes: outcome.request },
      {
        onSuccess: (answer) => {
          toast.success(answer.message);
          onClose();
        },
        onError: (error) => setErrors({ form: error.message }),
      },
    );
  }

  return (
    <Modal title={`Edit show: ${show.movie.title}`} onClose={onClose} panelClassName="mx-auto max-w-lg">
      <form ref={formRef} noValidate onSubmit={handleSubmit} className="flex flex-col gap-4 px-4 py-4">
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          Now {formatShowDate(show.showDate)} at {show.showTime}. Bookings already made keep their price.
        </p>
        <FormMessage message={errors.form} />
        <Field label="Show Price (₹)" error={errors.showPrice}>
          {(control) => (
            <input
              {...control}
              name="showPrice"
              type="number"
              inputMode="decimal"
              min={1}
              step="0.01"
              value={values.showPrice}
              onChange={(event) => change('showPrice', event.target.value)}
              className={inputClassName}
            />
          )}
        </Field>
        <Field label="Date and time" error={errors.dateTime} hint={`On the cinema’s clock (${timeZone}).`}>
          {(control) => (
            <input
              {...control}
              name="dateTime"
              type="datetime-local"
              min={min}
              value={values.dateTime}
              onChange={(event) => change('dateTime', event.target.value)}
              className={inputClassName}
            />
          )}
        </Field>
        <Field
          label="Total Seats"
          error={errors.totalSeats}
          hint={
            taken > 0
              ? `${taken} seat${taken === 1 ? ' is' : 's are'} sold or held; the map cannot shrink past them.`
              : 'From 1 to 500.'
          }
        >
          {(control) => (
            <input
              {...control}
              name="totalSeats"
              type="number"
              inputMode="numeric"
              min={1}
              max={500}
              step={1}
              value={values.totalSeats}
              onChange={(event) => change('totalSeats', event.target.value)}
              className={inputClassName}
            />
          )}
        </Field>
        <div className="flex justify-end gap-2 border-t border-zinc-200 pt-4 dark:border-zinc-800">
          <button type="button" className={buttonClassName('secondary')} onClick={onClose}>
            Close
          </button>
          <button type="submit" disabled={updateShow.isPending} className={buttonClassName('primary')}>
            {updateShow.isPending ? 'Saving...' : 'Save Changes'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
