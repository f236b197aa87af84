import { settingsResponse, settingsUpdateSchema } from '@marquee/shared';
import { routeSchema } from '../../plugins/openapi.ts';

const tags = ['Admin'];

/** The settings routes as /api/openapi.json describes them. */
export const settingsDocs = {
  read: routeSchema({
    tags,
    summary: "The cinema's settings: the cinema's details and tax (CONTRACT §10)",
    auth: 'admin',
    ok: settingsResponse,
  }),
  update: routeSchema({
    tags,
    summary: 'Change any part of the settings; answers the whole settings',
    description:
      'Send any keys of any section. An unknown section or key, or a bad value, is a 400 naming it, ' +
      'and nothing changes. A tax change applies to bookings made after it; a hold keeps its rates.',
    auth: 'admin',
    body: settingsUpdateSchema,
    ok: settingsResponse,
  }),
};
