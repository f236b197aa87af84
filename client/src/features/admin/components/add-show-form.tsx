import { CalendarPlus, LoaderCircle } from 'lucide-react';
import { useEffect, useId, useReducer, useRef, useState, type FormEvent } from 'react';
import { toast } from 'react-toastify/unstyled';
import { DEFAULT_FILM_FORMAT, filmFormats, filmLanguages, priceOfClass } from '@marquee/shared';
import { buttonClassName } from '../../../components/ui/button.ts';
import { ApiError } from '../../../lib/api.ts';
import { checkTimeslot } from '../api/check-timeslot.ts';
import { useCreateShows } from '../api/create-shows.ts';
import { useScreens } from '../api/screens.ts';
import { useCinemaTimeZone, useCleaningMinutes } from '../../../lib/cinema-config.ts';
import { useMovieOptions } from '../api/get-movies.ts';
import { draftOverlap, emptyDraft, showDraftReducer, toDateTimings, type ShowDraft } from '../show-draft.ts';
import {
  checkNewTiming,
  cinemaNow,
  DEFAULT_TOTAL_SEATS,
  firstError,
  invalidClassPrice,
  showFormFields,
  validateShowForm,
  type FieldErrors,
  type ShowFormField,
  type ShowFormValues,
} from '../show-form.ts';
import { Field, focusControl, inputClassName } from './field.tsx';
import { MovieSelect } from './movie-select.tsx';
import { ShowDraftList } from './show-draft-list.tsx';
import { showMessages } from '../messages.ts';

const initialValues: ShowFormValues = { movie: '', showPrice: '', totalSeats: String(DEFAULT_TOTAL_SEATS) };

/** Hook for the input's minimum: the cinema's "now", kept fresh while the form is open. */
function useCinemaNow(timeZone: string): string {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), 30_000);
    return () => window.clearInterval(timer);
  }, []);
  return cinemaNow(now, timeZone);
}

/** Spec §5's Add Show: a movie, a price, a seat count and a draft of dates with their times. */
export function AddShowForm() {
  const formRef = useRef<HTMLFormElement>(null);
  const draftHeadingId = useId();
  const timeZone = useCinemaTimeZone();
  const min = useCinemaNow(timeZone);
  const [values, setValues] = useState<ShowFormValues>(initialValues);
  const [dateTime, setDateTime] = useState('');
  const [errors, setErrors] = useState<FieldErrors<ShowFormField>>({});
  const [draft, dispatch] = useReducer(showDraftReducer, emptyDraft);
  const [isChecking, setIsChecking] = useState(false);
  const createShows = useCreateShows();
  const cleaningMinutes = useCleaningMinutes();
  const movies = useMovieOptions();
  // '' is the spec's default screen: Total Seats in rows of 12 at one price (CONTRACT §7).
  const screens = useScreens();
  const [screenId, setScreenId] = useState('');
  // Blank: the film's own (its first language, its format), which the server also defaults to.
  const [language, setLanguage] = useState('');
  const [format, setFormat] = useState('');
  const [classPrices, setClassPrices] = useState<Record<string, string>>({});
  const [classPriceError, setClassPriceError] = useState<{ seatClass: string; message: string } | null>(null);
  const screen = screens.data?.screens.find((candidate) => candidate._id === screenId);
  const classes = screen?.classes ?? [];
  const hasClassPrices = classes.length > 1;

  function clearError(field: ShowFormField) {
    if (errors[field]) setErrors(({ [field]: _fixed, ...rest }) => rest);
  }

  function change(field: keyof ShowFormValues, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    clearError(field);
  }

  function refuse(field: ShowFormField, message: string) {
    setErrors((current) => ({ ...current, [field]: message }));
    focusControl(formRef.current, field);
  }

  /** The draft's own times must fit one screen: the film's runtime and the cleaning apart. */
  function overlapIn(times: ShowDraft): string | null {
    const runtime = movies.data?.find((movie) => movie._id === values.movie)?.runtime ?? '';
    return draftOverlap(times, { runtime, cleaningMinutes, timeZone });
  }

  async function addTime() {
    const check = checkNewTiming({
      movie: values.movie,
      dateTime,
      draft,
      min: cinemaNow(new Date(), timeZone),
    });
    if (!check.ok) return refuse(check.field, check.message);
    const overlap = overlapIn(showDraftReducer(draft, { type: 'add', date: check.date, time: check.time }));
    if (overlap) return refuse('dateTime', overlap);

    setIsChecking(true);
    let slot: { available: boolean; message: string };
    try {
      slot = await checkTimeslot(values.movie, check.date, check.time, screenId || undefined);
    } catch {
      toast.error('Error checking availability. Please try again.');
      return;
    } finally {
      setIsChecking(false);
    }
    // The server says which: the movie already plays then, or the screen is booked (CONTRACT §7).
    if (!slot.available) return refuse('dateTime', slot.message || showMessages.slotTaken);
    dispatch({ type: 'add', date: check.date, time: check.time });
    clearError('dateTime');
    toast.success('Show time added successfully!');
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = validateShowForm(values, draft, { hasScreen: Boolean(screen), hasClassPrices });
    setErrors(found);
    const priceProblem = hasClassPrices ? invalidClassPrice(classes, classPrices) : null;
    setClassPriceError(priceProblem);
    const first = firstError(showFormFields, found);
    if (first && !(priceProblem && showFormFields.indexOf(first) > showFormFields.indexOf('showPrice'))) {
      focusControl(formRef.current, first);
      return;
    }
    if (priceProblem) {
      focusControl(formRef.current, `price-${priceProblem.seatClass}`);
      return;
    }
    // The movie may have changed since the times were added: a longer film may not fit them.
    const overlap = overlapIn(draft);
    if (overlap) return refuse('dateTime', overlap);
    const single = classes[0];
    const onScreen = screen
      ? hasClassPrices
        ? {
            screen: screen._id,
            prices: Object.fromEntries(
              classes.map((name) => [name, Number(priceOfClass(classPrices, name))]),
            ),
          }
        : {
            screen: screen._id,
            showPrice: Number(values.showPrice),
            prices: { [single!]: Number(values.showPrice) },
          }
      : { showPrice: Number(values.showPrice), totalSeats: Number(values.totalSeats) };
    createShows.mutate(
      {
        movie: values.movie,
        ...onScreen,
        ...(showLanguage ? { language: showLanguage } : {}),
        format: showFormat,
        dateTimings: toDateTimings(draft),
      },
      {
        onSuccess: (answer) => {
          toast.success(answer.message);
          dispatch({ type: 'clear' });
          setDateTime('');
        },
        onError: (error) => {
          const message = error instanceof ApiError ? error.message : 'Error adding shows. Please try again.';
          // A time that clashes (the movie or the screen) belongs beside the times, in the form.
          if (error instanceof ApiError && error.status === 409) refuse('dateTime', message);
          toast.error(message);
        },
      },
    );
  }

  const chosenMovie = movies.data?.find((movie) => movie._id === values.movie);
  const languageChoices: readonly string[] = chosenMovie?.languages.length
    ? chosenMovie.languages
    : filmLanguages;
  const showLanguage = languageChoices.includes(language) ? language : (chosenMovie?.languages[0] ?? '');
  const showFormat = format || chosenMovie?.format || DEFAULT_FILM_FORMAT;

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={handleSubmit}
      aria-label="Add Show"
      className="max-w-3xl rounded-xl border border-zinc-200 bg-white p-5 shadow-xs sm:p-6 dark:border-zinc-800 dark:bg-zinc-900"
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="Movie" error={errors.movie} className="sm:col-span-2">
          {(control) => (
            <MovieSelect
              {...control}
              name="movie"
              emptyLabel="Select a movie"
              value={values.movie}
              onChange={(event) => change('movie', event.target.value)}
            />
          )}
        </Field>
        <Field label="Language" hint="The language this show plays in.">
          {(control) => (
            <select
              {...control}
              name="language"
              value={showLanguage}
              onChange={(event) => setLanguage(event.target.value)}
              className={inputClassName}
            >
              {!chosenMovie?.languages.length && <option value="">Not stated</option>}
              {languageChoices.map((name) => (
                <option key={name}>{name}</option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Format">
          {(control) => (
            <select
              {...control}
              name="format"
              value={showFormat}
              onChange={(event) => setFormat(event.target.value)}
              className={inputClassName}
            >
              {filmFormats.map((name) => (
                <option key={name}>{name}</option>
              ))}
            </select>
          )}
        </Field>
        <Field
          label="Screen"
          className="sm:col-span-2"
          hint={
            screen
              ? `${screen.seatCount} seats from the screen's layout; classes: ${screen.classes.join(', ')}.`
              : 'The default screen: Total Seats in rows of 12, one price.'
          }
        >
          {(control) => (
            <select
              {...control}
              name="screen"
              value={screenId}
              onChange={(event) => {
                setScreenId(event.target.value);
                setClassPriceError(null);
              }}
              className={inputClassName}
            >
              <option value="">Default screen (rows of 12)</option>
              {screens.data?.screens.map((option) => (
                <option key={option._id} value={option._id}>
                  {option.name} · {option.seatCount} seats
                </option>
              ))}
            </select>
          )}
        </Field>
        {hasClassPrices ? (
          <fieldset className="grid gap-4 sm:col-span-2 sm:grid-cols-3">
            <legend className="mb-2 text-sm font-medium">Price per class (₹, per ticket, at least ₹1)</legend>
            {classes.map((name) => (
              <Field
                key={name}
                label={`${name} price (₹)`}
                error={classPriceError?.seatClass === name ? classPriceError.message : undefined}
              >
                {(control) => (
                  <input
                    {...control}
                    name={`price-${name}`}
                    type="number"
                    inputMode="decimal"
                    min={1}
                    step="0.01"
                    value={priceOfClass(classPrices, name) ?? ''}
                    onChange={(event) => {
                      setClassPrices((current) => ({ ...current, [name]: event.target.value }));
                      if (classPriceError?.seatClass === name) setClassPriceError(null);
                    }}
                    className={inputClassName}
                  />
                )}
              </Field>
            ))}
          </fieldset>
        ) : (
          <Field label="Show Price (₹)" error={errors.showPrice} hint="Per ticket, at least ₹1.">
            {(control) => (
              <input
                {...control}
                name="showPrice"
                type="number"
                inputMode="decimal"
                min={1}
                step="0.01"
                placeholder="250"
                value={values.showPrice}
                onChange={(event) => change('showPrice', event.target.value)}
                className={inputClassName}
              />
            )}
          </Field>
        )}
        {!screen && (
          <Field label="Total Seats" error={errors.totalSeats} hint="From 1 to 500; 96 fill rows A–H.">
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
        )}

        <fieldset className="flex flex-col gap-4 border-t border-zinc-200 pt-5 sm:col-span-2 dark:border-zinc-800">
          <legend className="sr-only">Show times</legend>
          <div className="flex flex-wrap items-start gap-3">
            <Field
              label="Date and time"
              error={errors.dateTime}
              hint={`On the cinema’s clock (${timeZone}).`}
              className="min-w-60 flex-1"
            >
              {(control) => (
                <input
                  {...control}
                  name="dateTime"
                  type="datetime-local"
                  min={min}
                  value={dateTime}
                  onChange={(event) => {
                    setDateTime(event.target.value);
                    clearError('dateTime');
                  }}
                  className={inputClassName}
                />
              )}
            </Field>
            <button
              type="button"
              onClick={() => void addTime()}
              disabled={isChecking}
              className={buttonClassName('secondary', 'mt-7')}
            >
              {isChecking ? (
                <LoaderCircle aria-hidden className="size-4 animate-spin" />
              ) : (
                <CalendarPlus aria-hidden className="size-4" />
              )}
              {isChecking ? 'Checking...' : 'Add Time'}
            </button>
          </div>
          <ShowDraftList draft={draft} dispatch={dispatch} headingId={draftHeadingId} />
        </fieldset>
      </div>
      <div className="mt-6 flex justify-end border-t border-zinc-200 pt-5 dark:border-zinc-800">
        <button type="submit" disabled={createShows.isPending} className={buttonClassName('primary')}>
          {createShows.isPending ? 'Adding Shows...' : 'Add Show'}
        </button>
      </div>
    </form>
  );
}
