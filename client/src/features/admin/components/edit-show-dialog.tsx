import { filmFormats, type AdminShow } from '@marquee/shared';
import { Lock, Mail } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { toast } from 'react-toastify/unstyled';
import { Modal } from '../../../components/ui/modal.tsx';
import { buttonClassName } from '../../../components/ui/button.ts';
import { useCinemaTimeZone } from '../../../lib/cinema-config.ts';
import { useShowPaidBookings } from '../api/get-show-paid-bookings.ts';
import { useUpdateShow } from '../api/update-show.ts';
import {
  buildShowUpdate,
  buyersNotice,
  editShowDefaults,
  hasOwnSize,
  isMove,
  languageChoices,
  priceFields,
  versionLockedReason,
} from '../edit-show.ts';
import { formatShowDate } from '../format.ts';
import { cinemaNow, firstError, type FieldErrors } from '../show-form.ts';
import { Field, focusControl, FormMessage, inputClassName } from './field.tsx';

/**
 * Edits a show's prices (one per class), start and size (a default-screen show only), and its
 * language and format while no seat is held or sold (disabled after, saying why), saying before
 * saving how many paid bookings a move emails; the server's refusals are shown as it words them.
 */
export function EditShowDialog({ show, onClose }: { show: AdminShow; onClose: () => void }) {
  const formRef = useRef<HTMLFormElement>(null);
  const timeZone = useCinemaTimeZone();
  const [min] = useState(() => cinemaNow(new Date(), timeZone));
  const [values, setValues] = useState(() => editShowDefaults(show));
  const [errors, setErrors] = useState<FieldErrors<string>>({});
  const updateShow = useUpdateShow();
  const paidBookings = useShowPaidBookings(show._id);
  const taken = show.seatsSold + show.seatsHeld;
  const locked = versionLockedReason(show);
  const versionHintId = useId();
  const prices = priceFields(show);
  const fieldOrder = [...prices.map((field) => field.name), 'dateTime', 'totalSeats'];
  const notice =
    paidBookings.data === undefined ? null : buyersNotice(paidBookings.data, isMove(show, values));

  function clearError(field: string) {
    setErrors(({ [field]: _fixed, form: _form, ...rest }) => rest);
  }

  function change(field: 'dateTime' | 'totalSeats' | 'language' | 'format', value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    clearError(field);
  }

  function changePrice(name: string, seatClass: string, value: string) {
    setValues((current) => ({ ...current, prices: { ...current.prices, [seatClass]: value } }));
    clearError(name);
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const outcome = buildShowUpdate(show, values);
    if (!outcome.ok) {
      setErrors(outcome.errors);
      const first = firstError(fieldOrder, outcome.errors);
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
          Now {formatShowDate(show.showDate)} at {show.showTime}, {show.screen.name}. Bookings already made
          keep their price.
        </p>
        <FormMessage message={errors.form} />
        <div className={prices.length > 1 ? 'grid gap-4 sm:grid-cols-3' : undefined}>
          {prices.map(({ name, label, seatClass }) => (
            <Field key={name} label={label} error={errors[name]}>
              {(control) => (
                <input
                  {...control}
                  name={name}
                  type="number"
                  inputMode="decimal"
                  min={1}
                  step="0.01"
                  value={values.prices[seatClass] ?? ''}
                  onChange={(event) => changePrice(name, seatClass, event.target.value)}
                  className={inputClassName}
                />
              )}
            </Field>
          ))}
        </div>
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
        {hasOwnSize(show) ? (
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
        ) : (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            {show.totalSeats} seats, as the layout of {show.screen.name} has them.
          </p>
        )}
        <fieldset
          disabled={locked !== null}
          aria-describedby={versionHintId}
          className="grid gap-4 sm:grid-cols-2"
        >
          <legend className="sr-only">Language and format</legend>
          <Field label="Language" error={errors.language}>
            {(control) => (
              <select
                {...control}
                name="language"
                value={values.language}
                onChange={(event) => change('language', event.target.value)}
                className={`${inputClassName} disabled:cursor-not-allowed disabled:bg-zinc-100 dark:disabled:bg-zinc-900`}
              >
                {!values.language && <option value="">Not stated</option>}
                {languageChoices(show).map((name) => (
                  <option key={name}>{name}</option>
                ))}
              </select>
            )}
          </Field>
          <Field label="Format" error={errors.format}>
            {(control) => (
              <select
                {...control}
                name="format"
                value={values.format}
                onChange={(event) => change('format', event.target.value)}
                className={`${inputClassName} disabled:cursor-not-allowed disabled:bg-zinc-100 dark:disabled:bg-zinc-900`}
              >
                {!(filmFormats as readonly string[]).includes(values.format) && (
                  <option>{values.format}</option>
                )}
                {filmFormats.map((name) => (
                  <option key={name}>{name}</option>
                ))}
              </select>
            )}
          </Field>
          <p
            id={versionHintId}
            data-testid="version-hint"
            className="flex items-start gap-1.5 text-xs text-zinc-600 sm:col-span-2 dark:text-zinc-400"
          >
            {locked ? (
              <>
                <Lock aria-hidden className="mt-0.5 size-3.5 shrink-0" />
                {locked}.
              </>
            ) : (
              'Buyers choose a show by these: they can be changed until the first seat is held or sold.'
            )}
          </p>
        </fieldset>
        {notice && (
          <p
            role="status"
            className="flex items-start gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-100"
          >
            <Mail aria-hidden className="mt-0.5 size-4 shrink-0" />
            {notice}
          </p>
        )}
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
