import { formatTimeAt, type Ticket } from '@marquee/shared';
import { CalendarPlus, FileText, Printer, TriangleAlert, WifiOff } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { keepTicketOffline } from '../../../lib/offline-ticket.ts';
import { useCinemaTimeZone } from '../../../lib/cinema-config.ts';
import { buttonClassName } from '../../../components/ui/button.ts';
import { CancellationPolicy } from '../../../components/ui/refund-terms.tsx';
import { ticketPath, useTicket } from '../api/get-ticket.ts';
import { ticketCalendar } from '../ics.ts';
import { ShareTicket } from './share-ticket.tsx';
import { TicketCard } from './ticket-card.tsx';
import { Detail } from './ticket-parts.tsx';

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
      <TicketCard
        ticket={ticket}
        byline={ticket.cinema}
        details={
          <Detail term="Name" wide>
            {ticket.name}
          </Detail>
        }
      >
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
      </TicketCard>
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
