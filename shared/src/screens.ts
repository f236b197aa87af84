import { z } from 'zod';
import { layoutSchema, type Layout } from './seat-layout.ts';

/** What a screen-overlap refusal says (CONTRACT §7), in the form and in every 409. */
export const SCREEN_BOOKED_MESSAGE = 'This screen is already booked at that time';

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

/** A screen as the admin API answers it. */
export interface Screen {
  _id: string;
  name: string;
  layout: Layout;
  classes: string[];
  seatCount: number;
  /** Active shows not yet started: they keep the layout they were made with whatever the edit. */
  upcomingShows: number;
}
export interface ScreensResponse {
  success: true;
  message: string;
  screens: Screen[];
}
export interface ScreenResponse {
  success: true;
  message: string;
  screen: Screen;
}
