import { formatDate, itemsText, type SharedTicket } from '@marquee/shared';
import type { ReactNode } from 'react';
import { TicketQr } from './ticket-qr.tsx';
import { Detail, printStyles, Venue } from './ticket-parts.tsx';

/**
 * The ticket as the door reads it (CONTRACT §6): the film, the QR code and reference, when, where
 * and which seats, and the venue. The buyer's page and a shared link both show it; `details` adds
 * terms after the seats, and `children` what comes after the venue, inside the printed card.
 */
export function TicketCard({
  ticket,
  byline,
  details,
  children,
}: {
  ticket: Omit<SharedTicket, 'admitted'>;
  byline: string;
  details?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <>
      <title>{`Ticket ${ticket.reference} · ${ticket.movie}`}</title>
      <style>{printStyles}</style>
      <article
        aria-labelledby="ticket-heading"
        className="marquee-ticket mx-auto my-6 max-w-md overflow-hidden rounded-2xl border border-zinc-200 bg-white shadow-sm dark:border-zinc-800 dark:bg-zinc-900"
      >
        <header className="border-b border-dashed border-zinc-300 px-5 pt-5 pb-4 dark:border-zinc-700">
          <p className="text-sm font-medium text-zinc-600 dark:text-zinc-400">{byline}</p>
          <h1 id="ticket-heading" className="mt-1 text-2xl leading-tight font-bold">
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
          <Detail term={ticket.seats.length === 1 ? 'Seat' : 'Seats'} wide>
            {ticket.seats.join(', ')}
          </Detail>
          {details}
          {ticket.items && ticket.items.length > 0 && (
            <Detail term="Food & drinks" wide>
              {itemsText(ticket.items)}
            </Detail>
          )}
        </dl>
        <Venue venue={ticket.venue} />
        {children}
      </article>
    </>
  );
}
