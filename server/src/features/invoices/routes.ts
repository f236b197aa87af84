import {
  buyerGstinRequest,
  messages,
  reportPeriodQuery,
  type BuyerGstinResponse,
  type CreditNotesResponse,
  type GstReportResponse,
  type InvoiceResponse,
} from '@marquee/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { bookings } from '../../db/schema.ts';
import { AppError, conflict, notFound } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/ids.ts';
import { isStaff, requireAdmin, requireUser } from '../auth/index.ts';
import { parseInput } from '../../lib/parse.ts';
import { sendCsv } from '../../lib/csv.ts';
import { gstReport, gstReportCsv } from './gst-report.ts';
import { invoiceDocs as docs, gstReportQuery } from './docs.ts';
import { gstRegisterCsv } from './gst-register.ts';
import { readCreditNotes, readInvoice } from './read-invoice.ts';

export const invoiceMessages = {
  unpaid: 'The invoice is issued once the booking is paid',
  /** A comp is given, not sold: no supply for a price, so no tax invoice (decision 0023). */
  complimentary: 'A complimentary booking has no tax invoice: nothing was sold for a price',
  notPending: 'The GSTIN can be given only while the booking waits for payment',
} as const;

export async function invoiceRoutes(app: FastifyInstance) {
  const { db, config } = app.deps;

  /** A booking's tax documents are for its owner, staff (the counter reprints them) and admins. */
  async function mayReadDocuments(
    request: FastifyRequest,
    bookingId: string,
  ): Promise<{ complimentary: boolean }> {
    const user = await requireUser(request);
    if (!isUuid(bookingId)) throw notFound('Booking not found');
    const [booking] = await db
      .select({ userId: bookings.userId, complimentary: bookings.complimentary })
      .from(bookings)
      .where(eq(bookings.id, bookingId));
    if (!booking) throw notFound('Booking not found');
    if (booking.userId !== user.id && !isStaff(user)) throw new AppError('FORBIDDEN', messages.notAuthorized);
    return booking;
  }

  app.get<{ Params: { id: string } }>(
    '/api/bookings/:id/invoice',
    { schema: docs.one },
    async (request): Promise<InvoiceResponse> => {
      const booking = await mayReadDocuments(request, request.params.id);
      const invoice = await readInvoice({
        db,
        bookingId: request.params.id,
        timeZone: config.CINEMA_TIMEZONE,
      });
      if (!invoice)
        throw conflict(booking.complimentary ? invoiceMessages.complimentary : invoiceMessages.unpaid);
      return { success: true, message: 'Invoice fetched', invoice };
    },
  );

  app.get<{ Params: { id: string } }>(
    '/api/bookings/:id/credit-notes',
    { schema: docs.creditNotes },
    async (request): Promise<CreditNotesResponse> => {
      await mayReadDocuments(request, request.params.id);
      const creditNotes = await readCreditNotes({
        db,
        bookingId: request.params.id,
        timeZone: config.CINEMA_TIMEZONE,
      });
      return { success: true, message: 'Credit notes fetched', creditNotes };
    },
  );

  app.get('/api/admin/reports/gst', { schema: docs.gstReport }, async (request, reply) => {
    await requireAdmin(request);
    const { from, to, format } = parseInput(gstReportQuery, request.query ?? {});
    const report = await gstReport({ db, from, to, timeZone: config.CINEMA_TIMEZONE });
    if (format === 'csv') return sendCsv(reply, `marquee-gst-${from}-to-${to}.csv`, gstReportCsv(report));
    const answer: GstReportResponse = { success: true, message: 'GST report', from, to, ...report };
    return answer;
  });

  app.get('/api/admin/reports/gst/register', { schema: docs.gstRegister }, async (request, reply) => {
    await requireAdmin(request);
    const { from, to } = parseInput(reportPeriodQuery, request.query ?? {});
    const body = await gstRegisterCsv({ db, from, to, timeZone: config.CINEMA_TIMEZONE });
    return sendCsv(reply, `marquee-invoice-register-${from}-to-${to}.csv`, body);
  });

  // The payment page: the buyer adds a GSTIN before paying. A conditional update, so a payment
  // committing first (its invoice issued) makes this a 409 rather than a change after the fact.
  app.put<{ Params: { id: string } }>(
    '/api/bookings/:id/buyer-gstin',
    { schema: docs.buyerGstin },
    async (request): Promise<BuyerGstinResponse> => {
      const user = await requireUser(request);
      if (!isUuid(request.params.id)) throw notFound('Booking not found');
      const input = parseInput(buyerGstinRequest, request.body ?? {});
      const buyerGstin = input.buyerGstin ?? null;
      // The business name is the GSTIN's: without one the invoice names the account holder.
      const buyerLegalName = buyerGstin ? (input.buyerLegalName ?? null) : null;
      const [booking] = await db
        .select({ userId: bookings.userId })
        .from(bookings)
        .where(eq(bookings.id, request.params.id));
      if (!booking) throw notFound('Booking not found');
      if (booking.userId !== user.id) throw new AppError('FORBIDDEN', messages.notAuthorized);
      const updated = await db
        .update(bookings)
        .set({ buyerGstin, buyerLegalName })
        .where(and(eq(bookings.id, request.params.id), eq(bookings.status, 'pending')))
        .returning({ id: bookings.id });
      if (!updated.length) throw conflict(invoiceMessages.notPending);
      return {
        success: true,
        message: buyerGstin ? 'GSTIN saved' : 'GSTIN removed',
        buyerGstin,
        buyerLegalName,
      };
    },
  );
}
