import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { redactSecrets } from '../lib/redact.ts';

// The request log (issue 35): one line per request, written when it is answered, with the method,
// the address (bounded, secrets redacted), the peer, the status and the time taken. Fastify's own
// default is two lines, one on arrival and one on completion, each serialised on the request's
// hot path; at the default level (info) that was a large share of a seat-map read's cost.

/** How much of an address a log line keeps: a 20 kB callbackURL is not a log line. */
const MAX_LOGGED_URL = 300;

const boundedUrl = (url: string) => (url.length > MAX_LOGGED_URL ? `${url.slice(0, MAX_LOGGED_URL)}…` : url);

/** What a log line says of a request: never a secret that rides in its address. */
function requestFields(request: { method: string; url: string; ip?: string }) {
  return { method: request.method, url: boundedUrl(redactSecrets(request.url)), remoteAddress: request.ip };
}

/**
 * Fastify's log lines of a request's life, with the two ordinary ones folded into one: nothing on
 * arrival, and on completion the request and the answer together. Errors and stream failures are
 * logged as Fastify logs them (a request in them is the same bounded, redacted one); an unknown
 * address is answered by the app's own not-found handler (plugins/static-files.ts).
 */
class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}

/** Fastify's logger options with the request log above (`logger` as buildApp was given it). */
export function requestLogOptions(
  logger: FastifyServerOptions['logger'],
): Pick<FastifyServerOptions, 'logger' | 'logController'> {
  if (!logger || typeof logger !== 'object') return { logger };
  return {
    logger: {
      ...logger,
      serializers: {
        req: requestFields,
        ...('serializers' in logger ? logger.serializers : {}),
      },
    },
    logController: new OneLinePerRequest(),
  };
}
