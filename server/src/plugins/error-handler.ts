import { messages } from '@marquee/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { pgError } from '../db/client.ts';
import { DatabaseBusyError } from '../db/fair-queue.ts';
import { AppError } from '../lib/app-error.ts';
import { loggableError } from '../lib/loggable-error.ts';

/** Framework errors that are the client's doing, in words a person can act on. */
const frameworkMessages: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'Request body is too large',
  FST_ERR_CTP_INVALID_JSON_BODY: 'Request body is not valid JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Request body is empty',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Invalid content length',
  FST_ERR_VALIDATION: 'Invalid request',
  FST_ERR_BAD_URL: 'The address is not valid',
  FST_ERR_ASYNC_CONSTRAINT: 'The address is not valid',
};

/** Fastify's own routing errors (a malformed path such as `/api/%ff`), in the contract's shape. */
export function frameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const status =
    error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  void reply
    .status(status)
    .send({ success: false, message: (error.code && frameworkMessages[error.code]) ?? 'Bad request' });
}

/** The 503 a full database queue answers (Retry-After says when to try again). */
export const BUSY =
  'So many people are booking right now that we could not take your request. Please try again in a moment.';

/**
 * Every failure leaves as `{success:false, message}`: AppErrors with their own status, client
 * mistakes caught by the framework as 4xx, and anything else as a 500 that hides internals.
 */
export const errorHandler = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.status).send({ ...error.extra, success: false, message: error.message });
    }
    const refusal = databaseRefusal(error);
    if (refusal) return reply.status(refusal.status).send({ success: false, message: refusal.message });
    if (causedBy(error, DatabaseBusyError)) {
      // The embedded database's queue is full (db/fair-queue.ts): nothing was done; come back.
      return reply.status(503).header('retry-after', '1').send({ success: false, message: BUSY });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message =
        (error.code && frameworkMessages[error.code]) ??
        (status === 429 ? 'Too many requests. Please try again later.' : error.message);
      return reply.status(status).send({ success: false, message });
    }
    request.log.error({ error: loggableError(error) }, 'request failed');
    return reply
      .status(status >= 500 && status < 600 ? status : 500)
      .send({ success: false, message: messages.internal });
  });
});

/**
 * A rule the database keeps for itself (a trigger in db/sql/) refuses in words with SQLSTATE
 * MQ + the status to answer.
 */
function databaseRefusal(error: unknown): { status: 404 | 409; message: string } | null {
  const pg = pgError(error);
  if (pg?.code === 'MQ409' || pg?.code === 'MQ404')
    return { status: pg.code === 'MQ409' ? 409 : 404, message: pg.message };
  return null;
}

/** Whether `error` or one of its causes (drizzle wraps driver errors) is a `type`. */
function causedBy(error: unknown, type: new (...args: never[]) => Error): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    if (current instanceof type) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
