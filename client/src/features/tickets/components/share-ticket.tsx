import { Copy, Link2Off, Share2, Users } from 'lucide-react';
import { useId, useState } from 'react';
import { buttonClassName } from '../../../components/ui/button.ts';
import { useRevokeShareLink, useShareLink } from '../api/share-ticket.ts';

/**
 * On the buyer's ticket: a link for the others in the party (CONTRACT §6). It opens this ticket
 * without an account until the show ends; "Stop sharing" kills every link given so far.
 */
export function ShareTicket({ bookingId, seats }: { bookingId: string; seats: number }) {
  const share = useShareLink(bookingId);
  const revoke = useRevokeShareLink(bookingId);
  const [url, setUrl] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const fieldId = useId();

  const makeLink = () => {
    setNote(null);
    share.mutate(undefined, { onSuccess: (answer) => setUrl(answer.url) });
  };
  const copy = async () => {
    if (!url) return;
    try {
      if (navigator.share) await navigator.share({ title: 'Ticket', url });
      else {
        await navigator.clipboard.writeText(url);
        setNote('Link copied.');
      }
    } catch {
      // Share sheet closed, or no clipboard here: the link is on screen to copy by hand.
    }
  };
  const stop = () => {
    revoke.mutate(undefined, {
      onSuccess: () => {
        setUrl(null);
        setNote('Sharing stopped: links given so far no longer open the ticket.');
      },
    });
  };
  const problem = share.error?.message ?? revoke.error?.message ?? null;

  return (
    <section
      aria-labelledby={`${fieldId}-heading`}
      className="marquee-ticket-actions border-t border-zinc-200 px-5 py-4 dark:border-zinc-800"
    >
      <h2 id={`${fieldId}-heading`} className="flex items-center gap-2 text-base font-semibold">
        <Users aria-hidden className="size-4" />
        Share with your group
      </h2>
      <p className="mt-1 text-sm text-zinc-700 dark:text-zinc-300">
        {seats > 1
          ? 'Send a link so the others can show this ticket at the door, without an account.'
          : 'Send a link so someone else can show this ticket at the door, without an account.'}
      </p>
      {url ? (
        <div className="mt-3 space-y-2">
          <label htmlFor={fieldId} className="text-sm font-medium">
            Share link
          </label>
          <input
            id={fieldId}
            readOnly
            value={url}
            onFocus={(event) => event.currentTarget.select()}
            className="w-full rounded-md border border-zinc-300 bg-zinc-50 px-3 py-2 font-mono text-xs dark:border-zinc-700 dark:bg-zinc-950"
          />
          <div className="flex flex-wrap gap-2">
            <button type="button" onClick={() => void copy()} className={buttonClassName('primary')}>
              <Copy aria-hidden className="size-4" />
              Copy or send link
            </button>
            <button
              type="button"
              onClick={stop}
              disabled={revoke.isPending}
              className={buttonClassName('secondary')}
            >
              <Link2Off aria-hidden className="size-4" />
              {revoke.isPending ? 'Stopping…' : 'Stop sharing'}
            </button>
          </div>
        </div>
      ) : (
        <button
          type="button"
          onClick={makeLink}
          disabled={share.isPending}
          className={buttonClassName('secondary', 'mt-3')}
        >
          <Share2 aria-hidden className="size-4" />
          {share.isPending ? 'Making a link…' : 'Get a share link'}
        </button>
      )}
      <p role="status" className="mt-2 text-sm text-zinc-700 dark:text-zinc-300">
        {note}
      </p>
      {problem && (
        <p role="alert" className="mt-1 text-sm text-red-700 dark:text-red-400">
          {problem}
        </p>
      )}
    </section>
  );
}
