import type { Queryable } from '../../db/client.ts';
import { emailOutbox } from '../../db/schema.ts';

/** What the outbox sends; each kind has its template in templates.ts. */
export type EmailKind =
  | 'booking-paid'
  | 'booking-cancelled'
  | 'booking-exchanged'
  | 'late-payment-refunded'
  | 'show-cancelled'
  | 'show-moved'
  | 'password-reset'
  | 'waitlist-offer'
  | 'waitlist-closed'
  | 'daily-report';

/** Where and when a show was before it moved: what the show-moved email says it was. */
export interface ShowWas {
  showDate: string;
  showTime: string;
  screen: string;
}

export type EmailEvent =
  | {
      kind: Exclude<
        EmailKind,
        'password-reset' | 'show-moved' | 'waitlist-closed' | 'daily-report' | 'booking-exchanged'
      >;
      bookingId: string;
    }
  /** The booking was exchanged (CONTRACT §13): one email per exchange (its new ticket version). */
  | {
      kind: 'booking-exchanged';
      bookingId: string;
      version: number;
      /** What the new seats cost more (paid) or less (refunded), in paise. */
      differencePaise: number;
    }
  /** A waiting-list entry closed without an offer (CONTRACT §13): told once per entry. */
  | { kind: 'waitlist-closed'; entryId: string }
  /** `change` names the move (a show may move more than once): one email per booking per move. */
  | { kind: 'show-moved'; bookingId: string; change: string; was: ShowWas }
  | { kind: 'password-reset'; to: string; name: string; url: string; key: string }
  /** The day's report (CONTRACT §14), rendered when it is queued: one per cinema day. */
  | {
      kind: 'daily-report';
      date: string;
      to: string[];
      subject: string;
      text: string;
      html: string;
      csv: string;
    };

/**
 * Queues an email in the caller's transaction, so it exists exactly when the change it tells of
 * commits. Call it once at the place the change is made; a second call for the same event (a
 * replayed webhook, say) adds nothing: one event, one email. The worker sends it after commit.
 */
export async function enqueueEmail(db: Queryable, event: EmailEvent): Promise<void> {
  const row =
    event.kind === 'daily-report'
      ? {
          kind: event.kind,
          dedupeKey: `daily-report:${event.date}`,
          payload: {
            to: event.to,
            date: event.date,
            subject: event.subject,
            text: event.text,
            html: event.html,
            csv: event.csv,
          },
        }
      : event.kind === 'waitlist-closed'
        ? {
            kind: event.kind,
            dedupeKey: `waitlist-closed:${event.entryId}`,
            payload: { entryId: event.entryId },
          }
        : event.kind === 'password-reset'
          ? {
              kind: event.kind,
              dedupeKey: `password-reset:${event.key}`,
              payload: { to: event.to, name: event.name, url: event.url },
            }
          : event.kind === 'booking-exchanged'
            ? {
                kind: event.kind,
                dedupeKey: `booking-exchanged:${event.bookingId}:${event.version}`,
                bookingId: event.bookingId,
                payload: { version: event.version, differencePaise: event.differencePaise },
              }
            : event.kind === 'show-moved'
              ? {
                  kind: event.kind,
                  dedupeKey: `show-moved:${event.bookingId}:${event.change}`,
                  bookingId: event.bookingId,
                  payload: { was: event.was },
                }
              : {
                  kind: event.kind,
                  dedupeKey: `${event.kind}:${event.bookingId}`,
                  bookingId: event.bookingId,
                };
  // Due at once, whatever the clock of the process that sends it says.
  await db
    .insert(emailOutbox)
    .values({ ...row, nextAttemptAt: new Date(0) })
    .onConflictDoNothing({ target: emailOutbox.dedupeKey });
}
