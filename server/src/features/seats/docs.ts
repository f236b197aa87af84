import { seatsResponse } from '@marquee/shared';
import { z } from 'zod';
import { idParam, routeSchema } from '../../plugins/openapi.ts';

const tags = ['Seats'];
const showId = idParam('showId', "The show's id");

/** The seat routes as /api/openapi.json describes them (routes.ts attaches each). */
export const seatDocs = {
  map: routeSchema({
    tags,
    summary: "A show's seat map: the seats held or sold",
    auth: 'public',
    params: showId,
    ok: seatsResponse,
    errors: { 404: 'Show not found' },
  }),
  events: routeSchema({
    tags,
    summary: "A show's seat map, live (server-sent events)",
    description:
      'An `text/event-stream` that first sends `retry: 2000`, then an `event: seats` whose `data` is the ' +
      'same JSON as GET /api/bookings/seats/{showId}, and another whenever the map changes (a hold, a ' +
      'payment, a cancel, a lapsed hold). Comments (`: keep-alive`) keep proxies from closing it. At most ' +
      '20 streams per client address (429).',
    auth: 'public',
    params: showId,
    ok: {
      status: 200,
      schema: z.string().meta({
        description: 'Server-sent events',
        examples: [
          'retry: 2000\n\nevent: seats\ndata: {"success":true,"message":"Occupied seats fetched",…}\n\n',
        ],
      }),
      contentType: 'text/event-stream',
    },
    errors: { 404: 'Show not found', 429: 'Too many live seat maps are open from your address' },
  }),
};
