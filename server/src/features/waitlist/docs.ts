import { joinWaitlistRequest, waitlistEntriesResponse, waitlistEntryResponse } from '@marquee/shared';
import { idParam, routeSchema } from '../../plugins/openapi.ts';

const tags = ['Waiting list'];

/** The waiting-list routes as /api/openapi.json describes them (routes.ts attaches each). */
export const waitlistDocs = {
  join: routeSchema({
    tags,
    summary: 'Join the waiting list of a show that cannot seat the party together (CONTRACT §13)',
    description:
      'When seats come free, entries are offered in the order they joined, skipping parties that ' +
      'cannot be seated together: the best available seats are held as an unpaid booking for ' +
      '`settings.waitlist.offerMinutes` (ending 30 minutes before the start at the latest) and a ' +
      'link to pay is emailed. One live entry per buyer per show.',
    auth: 'user',
    params: idParam('id', "The show's id"),
    body: joinWaitlistRequest,
    ok: { status: 201, schema: waitlistEntryResponse },
    errors: {
      400: 'A party outside 1–8, a class the show does not have, a cancelled or started show',
      404: 'Show not found',
      409: 'Seats are available — book them directly; already on this list; the list has closed',
    },
  }),
  list: routeSchema({
    tags,
    summary: "The caller's waiting-list entries, newest first, with place in the queue and offers",
    auth: 'user',
    ok: waitlistEntriesResponse,
  }),
  leave: routeSchema({
    tags,
    summary: 'Leave a waiting list; an offer not yet paid gives its seats back',
    auth: 'user',
    params: idParam('entryId', "The entry's id"),
    ok: waitlistEntryResponse,
    errors: {
      404: 'Waiting-list entry not found (or not yours)',
      409: 'The offer has been paid: it is a booking now',
    },
  }),
};
