import { z } from 'zod';
import { isIsoDate } from './time.ts';

/**
 * Pieces every answer shares (CONTRACT §3). The answer schemas in this package are what the
 * server documents at /api/openapi.json and checks its answers against in tests, and what the
 * client's types are inferred from, so the three cannot drift apart.
 */

/** Every failure: `success: false` and a message to show as it comes; some add a field or two. */
export const apiFailure = z
  .looseObject({
    success: z.literal(false),
    message: z.string(),
  })
  .meta({ id: 'Failure', examples: [{ success: false, message: 'Authentication required' }] });
export type ApiFailure = z.infer<typeof apiFailure>;

/** A success answer: `success: true`, a message, and the fields given. */
export const ok = <Shape extends z.ZodRawShape>(shape: Shape) =>
  z.object({ success: z.literal(true), message: z.string(), ...shape });

/** An ISO 8601 instant as the API writes it (UTC, `Z`). */
export const instant = z.string().meta({ format: 'date-time', examples: ['2026-11-24T14:30:00.000Z'] });

/** A calendar date in the cinema's zone. */
export const isoDateText = z.string().meta({ format: 'date', examples: ['2026-11-24'] });

/** A query's calendar date (YYYY-MM-DD), named in its messages: `from is a date YYYY-MM-DD`. */
export const isoDateParam = (name: string) =>
  z
    .string({ message: `${name} is required (YYYY-MM-DD)` })
    .trim()
    .refine(isIsoDate, `${name} is a date YYYY-MM-DD`);

/** A query's `from`–`to` refusal when the two are the wrong way round. */
export const FROM_AFTER_TO = 'from must not be after to';

/** The app's ids are UUIDs. */
export const uuid = z.string().meta({ format: 'uuid', examples: ['0b7f7e9c-2c1e-4c43-9a55-6f1d7f2b8a10'] });

/** One page of a list; `page` counts from 1. */
export const pageFields = {
  total: z.number().int().meta({ description: 'Items matching the filters, over all pages' }),
  page: z.number().int(),
  pageSize: z.number().int(),
};
export type Page = { total: number; page: number; pageSize: number };
