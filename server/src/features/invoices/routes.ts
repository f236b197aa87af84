import { messages, type InvoiceResponse } from '@marquee/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { bookings } from '../../db/schema.ts';
import { AppError, conflict, notFound } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/ids.ts';
import { isStaff, requireUser } from '../auth/guards.ts';
import { invoiceDocs as docs } from './docs.ts';
import { readInvoice } from './read-invoice.ts';

export const invoiceMessages = { unpaid: 'The invoice is issued once the booking is paid' } as const;

export async function invoiceRoutes(app: FastifyInstance) {
  const { db, config } = app.deps;

  // The owner, staff (the counter reprints it) and admins.
  app.get<{ Params: { id: string } }>(
    '/api/bookings/:id/invoice',
    { schema: docs.one },
    async (request): Promise<InvoiceResponse> => {
      const user = await requireUser(request);
      if (!isUuid(request.params.id)) throw notFound('Booking not found');
      const [booking] = await db
        .select({ userId: bookings.userId })
        .from(bookings)
        .where(eq(bookings.id, request.params.id));
      if (!booking) throw notFound('Booking not found');
      if (booking.userId !== user.id && !isStaff(user))
        throw new AppError('FORBIDDEN', messages.notAuthorized);
      const invoice = await readInvoice({
        db,
        bookingId: request.params.id,
        timeZone: config.CINEMA_TIMEZONE,
      });
      if (!invoice) throw conflict(invoiceMessages.unpaid);
      return { success: true, message: 'Invoice fetched', invoice };
    },
  );
}
