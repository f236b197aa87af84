import { legalNameMessages, type BuyerGstinResponse } from '@marquee/shared';
import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { buttonClassName } from '../../../components/ui/button.ts';
import { ApiError, api } from '../../../lib/api.ts';

/**
 * The payment page's optional GSTIN for the tax invoice (CONTRACT §10), with the business it is
 * registered to (the invoice's recipient): saved on the booking before paying, shown as the
 * server kept them (the GSTIN upper-cased).
 */
export function BuyerGstinField({ bookingId }: { bookingId: string }) {
  const id = useId();
  const [value, setValue] = useState('');
  const [legalName, setLegalName] = useState('');
  const [saved, setSaved] = useState<{ gstin: string; legalName: string | null } | null>(null);
  const [error, setError] = useState<string | undefined>();
  // The server's words say which field it refused.
  const isNameError = Object.values(legalNameMessages).some((message) => message === error);
  const save = useMutation({
    mutationFn: (body: { buyerGstin: string; buyerLegalName: string }) =>
      api<BuyerGstinResponse>(`/api/bookings/${encodeURIComponent(bookingId)}/buyer-gstin`, {
        method: 'PUT',
        body,
        fallbackMessage: 'Could not save the GSTIN',
      }),
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(undefined);
    try {
      const answer = await save.mutateAsync({ buyerGstin: value, buyerLegalName: legalName });
      setSaved(answer.buyerGstin ? { gstin: answer.buyerGstin, legalName: answer.buyerLegalName } : null);
      if (answer.buyerGstin) setValue(answer.buyerGstin);
      setLegalName(answer.buyerLegalName ?? '');
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : 'Could not save the GSTIN');
    }
  }

  // Under the field it is about: the GSTIN's below the GSTIN, the name's below the name.
  const problem = (
    <p id={`${id}-error`} role="alert" className="font-medium text-red-700 dark:text-red-400">
      {error}
    </p>
  );
  return (
    <details className="mt-5 rounded-lg border border-zinc-200 px-4 py-3 text-sm dark:border-zinc-800">
      <summary className="cursor-pointer font-medium">Add a GSTIN to the tax invoice (optional)</summary>
      <form onSubmit={submit} noValidate className="mt-3 flex flex-col gap-2">
        <label htmlFor={id} className="font-medium">
          Your GSTIN
        </label>
        <input
          id={id}
          value={value}
          onChange={(e) => setValue(e.currentTarget.value)}
          maxLength={20}
          autoComplete="off"
          aria-invalid={error && !isNameError ? true : undefined}
          aria-describedby={error && !isNameError ? `${id}-error` : `${id}-status`}
          className="h-10 w-full rounded-md border border-zinc-300 bg-white px-3 font-mono uppercase dark:border-zinc-700 dark:bg-zinc-950"
        />
        {error && !isNameError && problem}
        <label htmlFor={`${id}-name`} className="font-medium">
          Business name, as registered (optional)
        </label>
        <div className="flex gap-2">
          <input
            id={`${id}-name`}
            value={legalName}
            onChange={(e) => setLegalName(e.currentTarget.value)}
            maxLength={100}
            autoComplete="organization"
            aria-invalid={isNameError ? true : undefined}
            aria-describedby={isNameError ? `${id}-error` : undefined}
            className="h-10 w-full rounded-md border border-zinc-300 bg-white px-3 dark:border-zinc-700 dark:bg-zinc-950"
          />
          <button
            type="submit"
            className={buttonClassName('secondary', 'h-10 whitespace-nowrap')}
            disabled={save.isPending}
          >
            Save GSTIN
          </button>
        </div>
        {error && isNameError && problem}
        <p id={`${id}-status`} role="status" className="text-zinc-600 dark:text-zinc-400">
          {saved
            ? `The invoice will show GSTIN ${saved.gstin}${saved.legalName ? `, issued to ${saved.legalName}` : ''}.`
            : ''}
        </p>
      </form>
    </details>
  );
}
