import { formatDate, itemsText } from '@marquee/shared';
import { Printer, TriangleAlert } from 'lucide-react';
import { buttonClassName } from '../../../components/ui/button.ts';
import { useSharedTicket } from '../api/share-ticket.ts';
import { Detail, printStyles, Venue } from './ticket-page.tsx';
import { TicketQr } from './ticket-qr.tsx';

/**
 * /share/{token}: a ticket its buyer shared (CONTRACT §6), for anyone holding the link, without an
 * account. What gets the party in and where to go; nothing of the buyer, and nothing to change.
 */
export function SharedTicketPage({ token }: { token: string }) {
  const query = useSharedTicket(token);

  if (query.isPending) {
    return (
      <p role="status" className="py-16 text-center text-zinc-600 dark:text-zinc-400">
        Loading the ticket…
      </p>
    );
  }
  if (query.isError) {
    return (
      <div role="alert" className="mx-auto max-w-md px-4 py-16 text-center">
        <title>Ticket link</title>
        <TriangleAlert aria-hidden className="mx-auto mb-3 size-8 text-amber-600" />
        <h1 className="text-xl font-bold">No ticket to show</h1>
        <p className="mt-2 text-zinc-700 dark:text-zinc-300">{query.error.message}</p>
      </div>
    );
  }

  const { ticket } = query.data;
  const party = ticket.seats.length;
  return (
    <>
      <title>{`Ticket ${ticket.reference} · ${ticket.movie}`}</title>
      <style>{printStyles}</style>
      <article
        aria-labelledby="shared-ticket-heading"
        className="marquee-ticket mx-auto my-6 max-w-md overflow-hidden rounded-2xl border border-zinc-200 bg-white shadow-sm dark:border-zinc-800 dark:bg-zinc-900"
      >
        <header className="border-b border-dashed border-zinc-300 px-5 pt-5 pb-4 dark:border-zinc-700">
          <p className="text-sm font-medium text-zinc-600 dark:text-zinc-400">
            {ticket.cinema} · shared ticket
          </p>
          <h1 id="shared-ticket-heading" className="mt-1 text-2xl leading-tight font-bold">
            {ticket.movie}
          </h1>
        </header>
        <div className="flex flex-col items-center gap-3 px-5 py-5">
          <TicketQr code={ticket.code} label={`QR code for booking ${ticket.reference}`} />
          <p className="text-center">
            <span className="block text-xs font-medium tracking-wide text-zinc-600 uppercase dark:text-zinc-400">
              Reference
            </span>
            <span className="font-mono text-2xl font-bold tracking-[0.2em]" data-testid="ticket-reference">
              {ticket.reference}
            </span>
          </p>
        </div>
        <dl className="grid grid-cols-2 gap-x-4 gap-y-3 border-t border-dashed border-zinc-300 px-5 py-4 dark:border-zinc-700">
          <Detail term="Date" wide>
            {formatDate(ticket.showDate, 'long')}
          </Detail>
          <Detail term="Time">{ticket.showTime}</Detail>
          <Detail term="Screen">{ticket.screen}</Detail>
          <Detail term={party === 1 ? 'Seat' : 'Seats'} wide>
            {ticket.seats.join(', ')}
          </Detail>
          {ticket.items && ticket.items.length > 0 && (
            <Detail term="Food & drinks" wide>
              {itemsText(ticket.items)}
            </Detail>
          )}
        </dl>
        <Venue venue={ticket.venue} />
        {ticket.admitted > 0 && (
          <p className="bg-emerald-50 px-5 py-2 text-center text-sm font-medium text-emerald-800 dark:bg-emerald-950/50 dark:text-emerald-300">
            {ticket.admitted === party ? 'Everyone is in' : `${ticket.admitted} of ${party} in`}
          </p>
        )}
        <div className="marquee-ticket-actions flex justify-center border-t border-zinc-200 px-5 py-4 dark:border-zinc-800">
          <button type="button" onClick={() => window.print()} className={buttonClassName('secondary')}>
            <Printer aria-hidden className="size-4" />
            Print
          </button>
        </div>
      </article>
      <p className="marquee-ticket-actions mb-8 px-4 text-center text-sm text-zinc-600 dark:text-zinc-400">
        Show this code at the door. {party > 1 && 'The whole group can use the same code.'}
      </p>
    </>
  );
}
