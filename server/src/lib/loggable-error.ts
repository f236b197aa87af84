/** What the log may say about an error: never the values a query was run with. */
export interface LoggableError {
  type: string;
  message: string;
  code?: string;
  query?: string;
  stack?: string;
}

const MAX_MESSAGE = 500;

const clip = (text: string) => (text.length > MAX_MESSAGE ? `${text.slice(0, MAX_MESSAGE)}…` : text);

/** The stack's frames, without the message lines above them (which may quote values). */
const framesOf = (stack: string | undefined) =>
  stack
    ?.split('\n')
    .filter((line) => line.startsWith('    at '))
    .join('\n');

/**
 * An error as the log records it. Drizzle's query errors carry the parameters (emails, password
 * hashes, session tokens) in their message and stack, and PostgreSQL's message and `detail` quote
 * the values too; only the query text (placeholders, no values), the SQLSTATE code and the frames
 * are kept.
 */
export function loggableError(error: unknown): LoggableError {
  if (!(error instanceof Error)) return { type: typeof error, message: clip(String(error)) };
  const cause = error.cause as { code?: unknown; message?: unknown } | undefined;
  const query = (error as { query?: unknown }).query;
  if (typeof query === 'string') {
    return {
      type: error.name,
      message: typeof cause?.code === 'string' ? `Query failed (SQLSTATE ${cause.code})` : 'Query failed',
      ...(typeof cause?.code === 'string' ? { code: cause.code } : {}),
      query: clip(query),
      stack: framesOf(error.stack),
    };
  }
  const code = (error as { code?: unknown }).code;
  return {
    type: error.name,
    message: clip(error.message),
    ...(typeof code === 'string' ? { code } : {}),
    stack: error.stack,
  };
}
