import { screenInput, screenResponse, screensResponse, screenUpdateInput } from '@marquee/shared';
import { idParam, routeSchema } from '../../plugins/openapi.ts';

const tags = ['Screens'];
const screenId = idParam('id', "The screen's id");
const invalid = 'Invalid name or layout (the message says which rule it breaks)';

/** The screen routes as /api/openapi.json describes them (routes.ts attaches each). */
export const screenDocs = {
  list: routeSchema({
    tags,
    summary: 'Every screen with its layout, classes, seats and upcoming shows',
    auth: 'admin',
    ok: screensResponse,
  }),
  read: routeSchema({
    tags,
    summary: 'One screen',
    auth: 'admin',
    params: screenId,
    ok: screenResponse,
    errors: { 404: 'Screen not found' },
  }),
  create: routeSchema({
    tags,
    summary: 'Add a screen',
    description:
      'Row letters and seat ids may be left out: the answer carries the canonical layout. A companion seat ' +
      'must sit right beside a wheelchair space.',
    auth: 'admin',
    body: screenInput,
    ok: { status: 201, schema: screenResponse },
    errors: { 400: invalid, 409: 'A screen with this name already exists' },
  }),
  update: routeSchema({
    tags,
    summary: "Change a screen's name and layout, or retire or restore it",
    description:
      'Applies to new shows only: every show keeps the layout (and screen name) it was created with, so an ' +
      'edit never changes a seat map that has been sold from. `active:false` retires the screen: no new ' +
      'shows on it (409), while the shows already on it go on; `active:true` restores it.',
    auth: 'admin',
    params: screenId,
    body: screenUpdateInput.meta({ examples: [{ active: false }] }),
    ok: screenResponse,
    errors: { 400: invalid, 404: 'Screen not found', 409: 'A screen with this name already exists' },
  }),
};
