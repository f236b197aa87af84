import { z } from 'zod';
import { ok } from './api.ts';
import { layoutAnswerSchema, layoutSchema, type Layout } from './seat-layout.ts';

/** What a screen-overlap refusal says (CONTRACT §7), in the form and in every 409. */
export const SCREEN_BOOKED_MESSAGE = 'This screen is already booked at that time';

/** The default screen (migration 0007): a show on it is the spec's grid of its own `totalSeats`. */
export const DEFAULT_SCREEN_ID = '00000000-0000-4000-8000-000000000001';

/** POST and PUT /api/admin/screens. */
export const screenInput = z.object({
  name: z
    .string({ message: 'Please enter a screen name' })
    .trim()
    .min(1, 'Please enter a screen name')
    .max(40, 'A screen name is at most 40 characters'),
  layout: layoutSchema,
});
export type ScreenInput = z.input<typeof screenInput>;

const activeFlag = z.boolean({ message: 'active must be true or false' });

/**
 * PUT /api/admin/screens/{id}: a new name and layout, `active` (false retires the screen: no new
 * shows on it, those made before go on), or both.
 */
export const screenUpdateInput = z
  .object({
    name: screenInput.shape.name.optional(),
    layout: screenInput.shape.layout.optional(),
    active: activeFlag.optional(),
  })
  .superRefine((input, context) => {
    const problem =
      input.name === undefined && input.layout === undefined
        ? input.active === undefined
          ? 'Send a name and layout, or active'
          : null
        : input.name === undefined
          ? 'Please enter a screen name'
          : input.layout === undefined
            ? 'Please draw the layout'
            : null;
    if (problem) context.addIssue({ code: 'custom', message: problem });
  });
export type ScreenUpdateInput = z.input<typeof screenUpdateInput>;
export type ScreenUpdate = z.infer<typeof screenUpdateInput>;

/** A screen as the admin API answers it. */
export const screenSchema = z
  .object({
    _id: z.string(),
    name: z.string(),
    layout: layoutAnswerSchema,
    classes: z.array(z.string()),
    seatCount: z.number().int(),
    upcomingShows: z.number().int().meta({
      description: 'Active shows not yet started: they keep the layout they were made with whatever the edit',
    }),
    active: z.boolean().meta({ description: 'False once retired: no new shows on it (CONTRACT §7)' }),
  })
  .meta({ id: 'Screen' });
export type Screen = z.infer<typeof screenSchema> & { layout: Layout };
export const screensResponse = ok({ screens: z.array(screenSchema) });
export type ScreensResponse = z.infer<typeof screensResponse>;
export const screenResponse = ok({ screen: screenSchema });
export type ScreenResponse = z.infer<typeof screenResponse>;
