import type { Queryable } from '../../db/client.ts';
import { emailOutbox } from '../../db/schema.ts';

/** What the outbox sends; each kind has its template in templates.ts. */
export type EmailKind =
  'booking-paid' | 'booking-cancelled' | 'late-payment-refunded' | 'show-cancelled' | 'password-reset';

export type EmailEvent =
  | { kind: Exclude<EmailKind, 'password-reset'>; bookingId: string }
  | { kind: 'password-reset'; to: string; name: string; url: string; key: string };

/**
 * Queues an email in the caller's transaction, so it exists exactly when the change it tells of
 * commits. Call it once at the place the change is made; a second call for the same event (a
 * replayed webhook, say) adds nothing: one event, one email. The worker sends it after commit.
 */
export async function enqueueEmail(db: Queryable, event: EmailEvent): Promise<void> {
  const row =
    event.kind === 'password-reset'
      ? {
          kind: event.kind,
          dedupeKey: `password-reset:${event.key}`,
          payload: { to: event.to, name: event.name, url: event.url },
        }
      : { kind: event.kind, dedupeKey: `${event.kind}:${event.bookingId}`, bookingId: event.bookingId };
  // Due at once, whatever the clock of the process that sends it says.
  await db
    .insert(emailOutbox)
    .values({ ...row, nextAttemptAt: new Date(0) })
    .onConflictDoNothing({ target: emailOutbox.dedupeKey });
}
