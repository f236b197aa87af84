import { invoiceResponse } from '@marquee/shared';
import { idParam, routeSchema } from '../../plugins/openapi.ts';

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
};
