import { formatDate, formatTimeAt, itemsText, type CinemaDetails, type Ticket } from '@marquee/shared';
import { CalendarPlus, Clock, FileText, MapPin, Phone, Printer, TriangleAlert, WifiOff } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { keepTicketOffline } from '../../../lib/offline-ticket.ts';
import { useCinemaTimeZone } from '../../../lib/cinema-config.ts';
import { buttonClassName } from '../../../components/ui/button.ts';
import { CancellationPolicy } from '../../../components/ui/refund-terms.tsx';
import { ticketPath, useTicket } from '../api/get-ticket.ts';
import { ticketCalendar } from '../ics.ts';
import { ShareTicket } from './share-ticket.tsx';
import { TicketQr } from './ticket-qr.tsx';

// Printing shows the ticket alone, on one page, in black on white whatever the theme.
export const printStyles = `
@media print {
  @page { margin: 12mm; }
  body * { visibility: hidden !important; }
  .marquee-ticket, .marquee-ticket * { visibility: visible !important; color: #000 !important; }
  .marquee-ticket { position: absolute; inset: 0 auto auto 0; width: 100%; box-shadow: none !important;
    background: #fff !important; border-color: #000 !important; break-inside: avoid; }
  .marquee-ticket-actions { display: none !important; }
}`;

function downloadCalendar(ticket: Ticket) {
  const blob = new Blob([ticketCalendar(ticket, window.location.href)], {
    type: 'text/calendar;charset=utf-8',
  });
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = `${ticket.reference}.ics`;
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}

export function Detail({
  term,
  children,
  wide = false,
}: {
  term: string;
  children: React.ReactNode;
  wide?: boolean;
}) {
  return (
    <div className={wide ? 'col-span-2' : undefined}>
      <dt className="text-xs font-medium tracking-wide text-zinc-600 uppercase dark:text-zinc-400">{term}</dt>
      <dd className="text-base font-semibold break-words">{children}</dd>
    </div>
  );
}

/** Where and when to find the cinema: what someone on the way to the show looks for. */
export function Venue({ venue }: { venue: CinemaDetails }) {
  if (!venue.address && !venue.phone && !venue.hours) return null;
  const line = 'flex gap-2';
  return (
    <address
      data-testid="ticket-venue"
      className="space-y-1.5 border-t border-dashed border-zinc-300 px-5 py-4 text-sm text-zinc-700 not-italic dark:border-zinc-700 dark:text-zinc-300"
    >
      {venue.address && (
        <p className={line}>
          <MapPin aria-hidden className="mt-0.5 size-4 shrink-0" />
          <span>
            {venue.address}
            {venue.mapUrl && (
              <>
                {' · '}
                <a
                  href={venue.mapUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="font-medium text-brand-700 underline underline-offset-2 dark:text-brand-300"
                >
                  Directions
                </a>
              </>
            )}
          </span>
        </p>
      )}
      {venue.phone && (
        <p className={line}>
          <Phone aria-hidden className="mt-0.5 size-4 shrink-0" />
          <a
            href={`tel:${venue.phone.replace(/[^\d+]/g, '')}`}
            className="underline-offset-2 hover:underline"
          >
            {venue.phone}
          </a>
        </p>
      )}
      {venue.hours && (
        <p className={line}>
          <Clock aria-hidden className="mt-0.5 size-4 shrink-0" />
          <span>{venue.hours}</span>
        </p>
      )}
    </address>
  );
}

/** Once the ticket is on screen, keeps it on this device so it opens without a connection. */
function useKeptOffline(ticketUrl: string, ready: boolean): boolean {
  const [kept, setKept] = useState(false);
  useEffect(() => {
    if (!ready) return;
    let current = true;
    void keepTicketOffline(ticketUrl).then((ok) => current && setKept(ok));
    return () => {
      current = false;
    };
  }, [ticketUrl, ready]);
  return kept;
}

/** /tickets/{id}: the ticket to show at the door or print (CONTRACT §6). */
export function TicketPage({ bookingId }: { bookingId: string }) {
  const query = useTicket(bookingId);
  const keptOffline = useKeptOffline(ticketPath(bookingId), query.isSuccess);
  const timeZone = useCinemaTimeZone();

  if (query.isPending) {
    return (
      <p role="status" className="py-16 text-center text-zinc-600 dark:text-zinc-400">
        Loading your ticket…
      </p>
    );
  }
  if (query.isError) {
    return (
      <div role="alert" className="mx-auto max-w-md py-16 text-center">
        <TriangleAlert aria-hidden className="mx-auto mb-3 size-8 text-amber-600" />
        <h1 className="text-xl font-bold">No ticket to show</h1>
        <p className="mt-2 text-zinc-700 dark:text-zinc-300">{query.error.message}</p>
        <Link to="/mybookings" className={buttonClassName('secondary', 'mt-6')}>
          My Bookings
        </Link>
      </div>
    );
  }

  const { ticket } = query.data;
  return (
    <>
      <title>{`Ticket ${ticket.reference} · ${ticket.movie}`}</title>
      <style>{printStyles}</style>
      <article
        aria-labelledby="ticket-heading"
        className="marquee-ticket mx-auto my-6 max-w-md overflow-hidden rounded-2xl border border-zinc-200 bg-white shadow-sm dark:border-zinc-800 dark:bg-zinc-900"
      >
        <header className="border-b border-dashed border-zinc-300 px-5 pt-5 pb-4 dark:border-zinc-700">
          <p className="text-sm font-medium text-zinc-600 dark:text-zinc-400">{ticket.cinema}</p>
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
          <Detail term="Name" wide>
            {ticket.name}
          </Detail>
          {ticket.items && ticket.items.length > 0 && (
            <Detail term="Food & drinks" wide>
              {itemsText(ticket.items)}
            </Detail>
          )}
        </dl>
        <Venue venue={ticket.venue} />
        {!ticket.checkedInAt && <CancellationPolicy startsAt={ticket.startsAt} className="px-5 pb-3" />}
        {ticket.checkedInAt && (
          <p className="bg-emerald-50 px-5 py-2 text-center text-sm font-medium text-emerald-800 dark:bg-emerald-950/50 dark:text-emerald-300">
            Checked in at {formatTimeAt(ticket.checkedInAt, timeZone)}
          </p>
        )}
        <ShareTicket bookingId={bookingId} seats={ticket.seats.length} />
        <div className="marquee-ticket-actions flex flex-wrap justify-center gap-3 border-t border-zinc-200 px-5 py-4 dark:border-zinc-800">
          <button type="button" onClick={() => window.print()} className={buttonClassName('secondary')}>
            <Printer aria-hidden className="size-4" />
            Print
          </button>
          <button
            type="button"
            onClick={() => downloadCalendar(ticket)}
            className={buttonClassName('secondary')}
          >
            <CalendarPlus aria-hidden className="size-4" />
            Add to calendar
          </button>
          <Link to={`/invoices/${encodeURIComponent(bookingId)}`} className={buttonClassName('secondary')}>
            <FileText aria-hidden className="size-4" />
            Tax invoice
          </Link>
        </div>
      </article>
      <p className="marquee-ticket-actions mb-8 text-center text-sm text-zinc-600 dark:text-zinc-400">
        Show this code at the door.
        <span role="status" className="block">
          {keptOffline && (
            <span className="mt-1 inline-flex items-center gap-1.5" data-testid="ticket-offline">
              <WifiOff aria-hidden className="size-4" />
              Saved on this device: it opens without a connection.
            </span>
          )}
        </span>
      </p>
    </>
  );
}
