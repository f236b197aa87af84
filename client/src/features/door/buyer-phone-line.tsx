import { Phone } from 'lucide-react';
import { lastFourDigits, telHref } from './buyer-phone.ts';

/**
 * "Mobile ending 3210 · Call": the buyer's number for door staff to ring a late or lost party.
 * Only the last four digits are on screen; the full number is only in the link's address.
 */
export function BuyerPhoneLine({
  phone,
  name,
  tone = 'plain',
}: {
  phone: string;
  name: string;
  /** On the green admitted panel, or on the page. */
  tone?: 'plain' | 'onColour';
}) {
  const last = lastFourDigits(phone);
  const link =
    tone === 'onColour'
      ? 'bg-white text-emerald-900 hover:bg-emerald-50 focus-visible:outline-white'
      : 'border border-zinc-300 text-zinc-900 hover:bg-zinc-50 focus-visible:outline-brand-600 dark:border-zinc-700 dark:text-zinc-100 dark:hover:bg-zinc-800';
  return (
    <p className="mt-1 flex flex-wrap items-center gap-2" data-testid="buyer-phone">
      <span>
        Mobile ending <span className="font-mono font-semibold tabular-nums">{last}</span>
      </span>
      <a
        href={telHref(phone)}
        aria-label={`Call ${name}, mobile ending ${last}`}
        className={`inline-flex min-h-9 items-center gap-1.5 rounded-md px-3 py-1 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 ${link}`}
      >
        <Phone aria-hidden className="size-4" />
        Call
      </a>
    </p>
  );
}
