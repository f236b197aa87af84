import type { Settings } from '@marquee/shared';
import { Plus, Trash2 } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { toast } from 'react-toastify/unstyled';
import { buttonClassName } from '../../../components/ui/button.ts';
import { ApiError } from '../../../lib/api.ts';
import { useSaveSettings, useSettings } from '../api/settings.ts';
import {
  fieldOfProblem,
  tierProblem,
  toFormValues,
  toSettingsUpdate,
  type SettingsFormValues,
} from '../settings-form.ts';

/** A tier's box by name: the first tier's minutes answer for the tiers as a whole (fieldOfProblem). */
const tierBoxName = (index: number, part: 'minutesBefore' | 'refundPercent') =>
  index === 0 && part === 'minutesBefore' ? 'cancellation.tiers' : `tier-${index}-${part}`;
import { Field, FormMessage, focusControl, inputClassName } from './field.tsx';
import { ErrorState, LoadingState } from './list-states.tsx';

const cinemaFields: { key: keyof Settings['cinema']; label: string; hint?: string }[] = [
  { key: 'name', label: 'Name', hint: 'Shown to buyers' },
  { key: 'legalName', label: 'Legal name', hint: 'The registered name printed on tax invoices' },
  { key: 'address', label: 'Address' },
  { key: 'phone', label: 'Phone' },
  { key: 'hours', label: 'Opening hours' },
  { key: 'gstin', label: 'GSTIN', hint: '15 characters, beginning with the state code' },
  { key: 'stateCode', label: 'State code', hint: 'Two digits, such as 29 for Karnataka' },
  { key: 'sac', label: 'SAC', hint: 'Services accounting code of admissions (9996)' },
];

const fieldset = 'rounded-xl border border-zinc-200 p-4 sm:p-6 dark:border-zinc-800';
const legend = 'px-1 text-lg font-semibold';

function SettingsForm({ settings }: { settings: Settings }) {
  const [values, setValues] = useState<SettingsFormValues>(() => toFormValues(settings));
  const [problem, setProblem] = useState<{ field: string | null; message: string } | undefined>();
  const save = useSaveSettings();
  const form = useRef<HTMLFormElement>(null);

  const errorFor = (field: string) =>
    problem?.field === field ? problem.message.slice(field.length + 2) : undefined;
  const setCinema = (key: keyof Settings['cinema'], value: string) =>
    setValues((v) => ({ ...v, cinema: { ...v.cinema, [key]: value } }));
  const setTier = (index: number, part: 'minutesBefore' | 'refundPercent', value: string) =>
    setValues((v) => ({ ...v, tiers: v.tiers.map((t, i) => (i === index ? { ...t, [part]: value } : t)) }));
  // A refusal about one tier names it and its box; one about the tiers as a whole stays as it is.
  const tier = problem?.field === 'cancellation.tiers' ? tierProblem(problem.message) : null;
  const tiersProblem = problem?.field === 'cancellation.tiers' ? (tier?.text ?? problem.message) : undefined;
  const isTierBoxWrong = (index: number, part: 'minutesBefore' | 'refundPercent') =>
    tier
      ? tier.index === index && tier.part === part
      : part === 'minutesBefore' && index === 0 && !!tiersProblem;
  const setSlab = (index: number, part: 'upTo' | 'rate', value: string) =>
    setValues((v) => ({ ...v, slabs: v.slabs.map((s, i) => (i === index ? { ...s, [part]: value } : s)) }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setProblem(undefined);
    try {
      await save.mutateAsync(toSettingsUpdate(values));
      toast.success('Settings saved');
    } catch (error) {
      const message = error instanceof ApiError ? error.message : 'Could not save the settings';
      const field = fieldOfProblem(message);
      setProblem({ field, message });
      const wrongTier = field === 'cancellation.tiers' ? tierProblem(message) : null;
      if (wrongTier) focusControl(form.current, tierBoxName(wrongTier.index, wrongTier.part));
      else if (field) focusControl(form.current, field);
    }
  }

  return (
    <form ref={form} onSubmit={submit} noValidate className="max-w-3xl space-y-6">
      <FormMessage message={problem && !problem.field ? problem.message : undefined} />
      <fieldset className={fieldset}>
        <legend className={legend}>The cinema</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          {cinemaFields.map(({ key, label, hint }) => (
            <Field key={key} label={label} hint={hint} error={errorFor(`cinema.${key}`)}>
              {(control) => (
                <input
                  {...control}
                  name={`cinema.${key}`}
                  className={inputClassName}
                  value={values.cinema[key]}
                  onChange={(e) => setCinema(key, e.currentTarget.value)}
                />
              )}
            </Field>
          ))}
        </div>
      </fieldset>

      <fieldset className={fieldset}>
        <legend className={legend}>Tax</legend>
        <fieldset>
          <legend className="text-sm font-medium">
            Ticket slabs (GST by ticket price, prices include GST)
          </legend>
          {errorFor('tax.ticketSlabs') && (
            <p id="slabs-error" className="mt-1 text-sm font-medium text-red-700 dark:text-red-400">
              {errorFor('tax.ticketSlabs')}
            </p>
          )}
          <ol className="mt-2 space-y-3">
            {values.slabs.map((slab, i) => (
              <li key={i} className="flex flex-wrap items-end gap-3">
                <Field
                  label={`Slab ${i + 1}: up to (₹)`}
                  hint={i === values.slabs.length - 1 ? 'Leave empty for no upper bound' : undefined}
                  className="w-44"
                >
                  {(control) => (
                    <input
                      {...control}
                      name={i === 0 ? 'tax.ticketSlabs' : `slab-${i}-upTo`}
                      inputMode="decimal"
                      className={inputClassName}
                      value={slab.upTo}
                      onChange={(e) => setSlab(i, 'upTo', e.currentTarget.value)}
                    />
                  )}
                </Field>
                <Field label={`Slab ${i + 1}: rate (%)`} className="w-36">
                  {(control) => (
                    <input
                      {...control}
                      inputMode="decimal"
                      className={inputClassName}
                      value={slab.rate}
                      onChange={(e) => setSlab(i, 'rate', e.currentTarget.value)}
                    />
                  )}
                </Field>
                {values.slabs.length > 1 && (
                  <button
                    type="button"
                    className={buttonClassName('secondary', 'h-10')}
                    onClick={() => setValues((v) => ({ ...v, slabs: v.slabs.filter((_, j) => j !== i) }))}
                  >
                    <Trash2 aria-hidden className="size-4" />
                    Remove slab {i + 1}
                  </button>
                )}
              </li>
            ))}
          </ol>
          <button
            type="button"
            className={buttonClassName('secondary', 'mt-3')}
            onClick={() => setValues((v) => ({ ...v, slabs: [...v.slabs, { upTo: '', rate: '' }] }))}
          >
            <Plus aria-hidden className="size-4" />
            Add a slab
          </button>
        </fieldset>
        <div className="mt-4 grid gap-4 sm:grid-cols-2">
          <Field label="Food and drink rate (%)" error={errorFor('tax.foodRate')}>
            {(control) => (
              <input
                {...control}
                name="tax.foodRate"
                inputMode="decimal"
                className={inputClassName}
                value={values.foodRate}
                onChange={(e) => setValues((v) => ({ ...v, foodRate: e.currentTarget.value }))}
              />
            )}
          </Field>
          <Field
            label="Invoice prefix"
            hint="1 to 5 capital letters or digits: MQ gives MQ2627-000001"
            error={errorFor('tax.invoicePrefix')}
          >
            {(control) => (
              <input
                {...control}
                name="tax.invoicePrefix"
                className={inputClassName}
                value={values.invoicePrefix}
                onChange={(e) => setValues((v) => ({ ...v, invoicePrefix: e.currentTarget.value }))}
              />
            )}
          </Field>
        </div>
        <p className="mt-4 text-sm text-zinc-600 dark:text-zinc-400">
          A change of rates applies to bookings made after it; seats already held keep their rates.
        </p>
      </fieldset>

      <fieldset className={fieldset}>
        <legend className={legend}>Cancellation policy</legend>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          A buyer cancelling a paid booking gets back the percentage of the first tier whose minutes before
          the start are still left; after the last tier, paid bookings cannot be cancelled by their buyer.
          Each tier starts fewer minutes before the show than the one above it.
        </p>
        {tiersProblem && (
          <p id="tiers-error" className="mt-2 text-sm font-medium text-red-700 dark:text-red-400">
            {tiersProblem}
          </p>
        )}
        <ol className="mt-3 space-y-3">
          {values.tiers.map((tier, i) => (
            <li key={i} className="flex flex-wrap items-end gap-3">
              <Field label={`Tier ${i + 1}: minutes before the start`} className="w-60">
                {(control) => (
                  <input
                    {...control}
                    name={tierBoxName(i, 'minutesBefore')}
                    inputMode="numeric"
                    className={inputClassName}
                    value={tier.minutesBefore}
                    aria-invalid={isTierBoxWrong(i, 'minutesBefore') || undefined}
                    aria-describedby={tiersProblem ? 'tiers-error' : undefined}
                    onChange={(e) => setTier(i, 'minutesBefore', e.currentTarget.value)}
                  />
                )}
              </Field>
              <Field label={`Tier ${i + 1}: refund (%)`} className="w-40">
                {(control) => (
                  <input
                    {...control}
                    name={tierBoxName(i, 'refundPercent')}
                    inputMode="numeric"
                    className={inputClassName}
                    value={tier.refundPercent}
                    aria-invalid={isTierBoxWrong(i, 'refundPercent') || undefined}
                    aria-describedby={tiersProblem ? 'tiers-error' : undefined}
                    onChange={(e) => setTier(i, 'refundPercent', e.currentTarget.value)}
                  />
                )}
              </Field>
              <button
                type="button"
                className={buttonClassName('secondary', 'h-10')}
                onClick={() => setValues((v) => ({ ...v, tiers: v.tiers.filter((_, j) => j !== i) }))}
              >
                <Trash2 aria-hidden className="size-4" />
                Remove tier {i + 1}
              </button>
            </li>
          ))}
        </ol>
        {values.tiers.length === 0 && (
          <p className="mt-2 text-sm">No tiers: buyers cannot cancel or exchange paid bookings.</p>
        )}
        <button
          type="button"
          className={buttonClassName('secondary', 'mt-3')}
          onClick={() =>
            setValues((v) => ({ ...v, tiers: [...v.tiers, { minutesBefore: '', refundPercent: '' }] }))
          }
        >
          <Plus aria-hidden className="size-4" />
          Add a tier
        </button>
      </fieldset>

      <fieldset className={fieldset}>
        <legend className={legend}>Waiting list</legend>
        <div className="mt-4 grid gap-4 sm:grid-cols-2">
          <Field
            label="Offer window (minutes)"
            hint="How long seats offered to the next party on a waiting list are held for them to pay: 1 to 120. Offers always end 30 minutes before the show."
            error={errorFor('waitlist.offerMinutes')}
          >
            {(control) => (
              <input
                {...control}
                name="waitlist.offerMinutes"
                inputMode="numeric"
                className={inputClassName}
                value={values.offerMinutes}
                onChange={(e) => setValues((v) => ({ ...v, offerMinutes: e.currentTarget.value }))}
              />
            )}
          </Field>
        </div>
      </fieldset>

      <fieldset className={fieldset}>
        <legend className={legend}>Reports</legend>
        <p className="mb-4 text-sm text-zinc-600 dark:text-zinc-400">
          The daily report is emailed once a day at this time (the cinema&rsquo;s clock). Leave both empty to
          send none.
        </p>
        <div className="grid gap-5 sm:grid-cols-2">
          <Field
            label="Daily report email at"
            hint="24-hour time, such as 23:30"
            error={errorFor('reports.dailyEmail')}
          >
            {(control) => (
              <input
                {...control}
                name="reports.dailyEmail.at"
                type="time"
                className={inputClassName}
                value={values.dailyEmailAt}
                onChange={(e) => setValues((v) => ({ ...v, dailyEmailAt: e.currentTarget.value }))}
              />
            )}
          </Field>
          <Field label="Send it to" hint="Email addresses, separated by commas">
            {(control) => (
              <input
                {...control}
                name="reports.dailyEmail.to"
                type="text"
                inputMode="email"
                className={inputClassName}
                value={values.dailyEmailTo}
                onChange={(e) => setValues((v) => ({ ...v, dailyEmailTo: e.currentTarget.value }))}
              />
            )}
          </Field>
        </div>
      </fieldset>

      <button type="submit" className={buttonClassName('primary')} disabled={save.isPending}>
        {save.isPending ? 'Saving…' : 'Save settings'}
      </button>
    </form>
  );
}

/** /admin/settings: the cinema's details, tax and cancellation policy, saved at once for every process. */
export function SettingsPage() {
  const settings = useSettings();
  if (settings.isPending) return <LoadingState label="Loading the settings..." />;
  if (settings.isError) return <ErrorState message={settings.error.message} />;
  // A fresh form for each answer: after a save it shows what the server kept (GSTIN upper-cased).
  return <SettingsForm key={settings.dataUpdatedAt} settings={settings.data.settings} />;
}
