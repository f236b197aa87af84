import {
  buyerGstinRequest,
  buyerGstinResponse,
  creditNotesResponse,
  gstReportResponse,
  invoiceResponse,
  periodReportQuery,
  reportPeriodQuery,
} from '@marquee/shared';
import { z } from 'zod';
import { idParam, routeSchema } from '../../plugins/openapi.ts';

/** The GST report's period: at most MAX_REPORT_DAYS, as every report (a financial year fits). */
export const gstReportQuery = periodReportQuery;

/** The invoice routes as /api/openapi.json describes them. */
export const invoiceDocs = {
  one: routeSchema({
    tags: ['Bookings'],
    summary: 'The tax invoice of a paid booking, with its credit notes (CONTRACT §10)',
    description:
      'Amounts in rupees. Issued when the booking is paid; a refund adds a credit note. The `/invoices/{id}` page prints it.',
    auth: 'user',
    params: idParam('id', 'The booking id'),
    ok: invoiceResponse,
    errors: {
      403: 'Not the booking’s owner, staff or an admin',
      404: 'No such booking',
      409: 'The booking is not paid yet: it has no invoice',
    },
  }),
  creditNotes: routeSchema({
    tags: ['Bookings'],
    summary: 'The credit notes of a booking, each as a document: its lines, totals, invoice and reason',
    description:
      'Amounts in rupees, oldest first; none while nothing was refunded or exchanged. The `/invoices/{id}` page prints each after the invoice.',
    auth: 'user',
    params: idParam('id', 'The booking id'),
    ok: creditNotesResponse,
    errors: { 403: 'Not the booking’s owner, staff or an admin', 404: 'No such booking' },
  }),
  gstReport: routeSchema({
    tags: ['Admin'],
    summary: 'The GST report: invoices less credit notes per rate, for days of the cinema’s calendar',
    description: '`&format=csv` answers the same figures as a CSV file.',
    auth: 'admin',
    querystring: gstReportQuery,
    ok: gstReportResponse,
  }),
  gstRegister: routeSchema({
    tags: ['Admin'],
    summary: 'The invoice register: every tax invoice and credit note of the days given, as CSV',
    description:
      'One line per document and SAC × rate, in the order issued, with the buyer’s GSTIN and, for a credit note, the invoice it reduces: what GSTR-1 asks of each document. Amounts in rupees; at most 366 days.',
    auth: 'admin',
    querystring: reportPeriodQuery,
    ok: {
      status: 200,
      contentType: 'text/csv',
      schema: z.string().meta({
        examples: ['\uFEFFType,Number,Date (Asia/Kolkata),Booking Reference,Buyer,Buyer GSTIN,…\r\n'],
      }),
    },
  }),
  buyerGstin: routeSchema({
    tags: ['Bookings'],
    summary: 'Give (or clear) the buyer’s GSTIN for the tax invoice while the booking is unpaid',
    auth: 'user',
    params: idParam('id', 'The booking id'),
    body: buyerGstinRequest,
    ok: buyerGstinResponse,
    errors: {
      403: 'Not the booking’s owner',
      404: 'No such booking',
      409: 'The booking is no longer waiting for payment',
    },
  }),
};
