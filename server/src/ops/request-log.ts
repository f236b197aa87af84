import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { redactSecrets } from '../lib/redact.ts';

// The request log (issue 35): one line per request, written when it is answered, with the method,
// the address (bounded, secrets redacted), the peer, the status and the time taken. Fastify's own
// default is two lines, one on arrival and one on completion, each serialised on the request's
// hot path; at the default level (info) that was a large share of a seat-map read's cost.
//
// At `info` the log keeps what an operator reads it for: every change (a booking, a payment, a
// sign-in), every failure and every slow answer. A quick, successful read (the pages, the seat
// maps, the assets) is logged at `debug`: a buyer's seat map is read many times a minute, and the
// metrics (/metrics) already count every request by route and status (decision 0028).

/** How much of an address a log line keeps: a 20 kB callbackURL is not a log line. */
const MAX_LOGGED_URL = 300;

const boundedUrl = (url: string) => (url.length > MAX_LOGGED_URL ? `${url.slice(0, MAX_LOGGED_URL)}…` : url);

/** What a log line says of a request: never a secret that rides in its address. */
function requestFields(request: { method: string; url: string; ip?: string }) {
  return { method: request.method, url: boundedUrl(redactSecrets(request.url)), remoteAddress: request.ip };
}

/** An answer slower than this is logged at `info` even when it is a successful read. */
export const SLOW_ANSWER_MS = 1_000;

/**
 * The level of a request's line: `debug` for a successful read answered in good time (GET, HEAD or
 * OPTIONS below 400), `info` for everything else.
 */
export function requestLineLevel(method: string, statusCode: number, responseTime: number): 'debug' | 'info' {
  const isRead = method === 'GET' || method === 'HEAD' || method === 'OPTIONS';
  return isRead && statusCode < 400 && responseTime < SLOW_ANSWER_MS ? 'debug' : 'info';
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
    const responseTime = reply.elapsedTime;
    if (error) {
      reply.log.error({ req: request, res: reply, responseTime, err: error }, 'request errored');
      return;
    }
    const level = requestLineLevel(request.method, reply.statusCode, responseTime);
    reply.log[level]({ req: request, res: reply, responseTime }, 'request completed');
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
