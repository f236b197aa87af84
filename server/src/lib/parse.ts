import type { z } from 'zod';
import { badRequest } from './app-error.ts';

/** Parses request input with a shared schema; the first problem becomes a 400 in plain words. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path.length ? `${issue.path.join('.')}: ` : '';
  throw badRequest(
    issue?.message && !issue.message.startsWith('Invalid input')
      ? issue.message
      : `${field}${issue?.message ?? 'Invalid input'}`,
  );
}
