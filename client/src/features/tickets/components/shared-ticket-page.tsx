import { Printer, TriangleAlert } from 'lucide-react';
import { buttonClassName } from '../../../components/ui/button.ts';
import { useSharedTicket } from '../api/share-ticket.ts';
import { TicketCard } from './ticket-card.tsx';

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
      <TicketCard ticket={ticket} byline={`${ticket.cinema} · shared ticket`}>
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
      </TicketCard>
      <p className="marquee-ticket-actions mb-8 px-4 text-center text-sm text-zinc-600 dark:text-zinc-400">
        Show this code at the door. {party > 1 && 'The whole group can use the same code.'}
      </p>
    </>
  );
}
