import type { CreateBookingResponse } from '@marquee/shared';
import type { Page } from 'playwright-core';

/** Books seats through the API with the page's own session cookie; answers the create response. */
export async function bookInPage(
  page: Page,
  showId: string,
  seats: string[],
): Promise<CreateBookingResponse> {
  const answer = await page.evaluate(
    (body) =>
      fetch('/api/bookings/create', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }).then((r) => r.json() as Promise<{ success: boolean; message: string }>),
    { showId, selectedSeats: seats },
  );
  if (!answer.success) throw new Error(`booking failed: ${answer.message}`);
  return answer as CreateBookingResponse;
}

/** The path of the payment page a booking's url points at. */
export function paymentPath(answer: CreateBookingResponse): string {
  return new URL(answer.url).pathname;
}

/** Every browser dialog (confirm, alert) the page raises, accepted, in order. */
export function acceptDialogs(page: Page): string[] {
  const seen: string[] = [];
  page.on('dialog', (dialog) => {
    seen.push(dialog.message());
    void dialog.accept();
  });
  return seen;
}
