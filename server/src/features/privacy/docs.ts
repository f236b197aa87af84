import { dataExportResponse, deleteAccountRequest, deleteAccountResponse } from '@marquee/shared';
import { routeSchema } from '../../plugins/openapi.ts';

const tags = ['Account'];

/** The buyer's own data as /api/openapi.json describes it (routes.ts attaches each). */
export const privacyDocs = {
  export: routeSchema({
    tags,
    summary: 'Everything the cinema holds about the caller (the Digital Personal Data Protection Act, 2023)',
    auth: 'user',
    ok: dataExportResponse,
  }),
  remove: routeSchema({
    tags,
    summary: "Deletes the caller's account once the password is confirmed",
    description:
      'Unpaid holds are released; paid bookings and their tax invoices are kept without the buyer’s name; ' +
      'every session ends. Refused (409) while the account has paid bookings for shows still to come, and ' +
      'for staff and admin accounts (docs/privacy.md).',
    auth: 'user',
    body: deleteAccountRequest,
    ok: deleteAccountResponse,
    errors: {
      400: 'No password, or the wrong one',
      403: 'A cookie call from another site',
      409: 'Paid bookings for shows still to come, or a staff or admin account',
    },
  }),
};
