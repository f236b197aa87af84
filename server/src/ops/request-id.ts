import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Ids a proxy may hand us: short, and nothing that could forge a log line or a header. */
const acceptableId = /^[A-Za-z0-9._:-]{1,100}$/;

/** The request's id: the X-Request-Id a proxy sent when it looks sane, or a fresh UUID. */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && acceptableId.test(given) ? given : randomUUID();
}

/**
 * Every log line of a request carries its id (Fastify's `reqId`); every answer carries it in
 * `X-Request-Id`, and a server failure (5xx, whose message says nothing specific) also as
 * `requestId` in the body, so a person reporting it can quote the id that finds the log lines.
 * Client mistakes keep their exact `{success, message}` shape: their message says what to fix.
 */
export const requestIds = fp(async (app: FastifyInstance) => {
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('x-request-id', request.id);
    if (reply.statusCode < 500 || typeof payload !== 'string' || !payload.startsWith('{"success":false')) {
      return payload;
    }
    try {
      const body = JSON.parse(payload) as Record<string, unknown>;
      return JSON.stringify({ ...body, requestId: request.id });
    } catch {
      return payload;
    }
  });
});
