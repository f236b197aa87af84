import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import proxyAddr from '@fastify/proxy-addr';
import type { Env } from '../env.ts';

/** Ids a proxy may hand us: short, and nothing that could forge a log line or a header. */
const acceptableId = /^[A-Za-z0-9._:-]{1,100}$/;

/**
 * Fastify's genReqId: the X-Request-Id a trusted proxy (TRUST_PROXY) sent when it looks sane, or a
 * fresh UUID. Anyone else's is ignored: it would choose the id its log lines are found by.
 */
export function requestIdOf(trustProxy: Env['TRUST_PROXY']): (request: IncomingMessage) => string {
  const fromProxy = trustedPeer(trustProxy);
  return (request) => {
    const given = request.headers['x-request-id'];
    const believed =
      typeof given === 'string' && acceptableId.test(given) && fromProxy(request.socket.remoteAddress ?? '');
    return believed ? given : randomUUID();
  };
}

/** Whether the peer is a proxy TRUST_PROXY names, as Fastify decides for X-Forwarded-For. */
function trustedPeer(trustProxy: Env['TRUST_PROXY']): (address: string) => boolean {
  if (trustProxy === false) return () => false;
  // A hop count trusts that many proxies nearest the server, the peer first.
  if (typeof trustProxy !== 'object') return () => true;
  const trusts = proxyAddr.compile(trustProxy);
  return (address) => trusts(address, 0);
}

/** A server failure's `{success: false, …}` body with `requestId` added; any other payload as it is. */
function withRequestId(status: number, payload: unknown, id: string): unknown {
  if (status < 500 || typeof payload !== 'string' || !payload.startsWith('{"success":false')) return payload;
  try {
    const body = JSON.parse(payload) as Record<string, unknown>;
    return JSON.stringify({ ...body, requestId: id });
  } catch {
    return payload;
  }
}

/**
 * Every log line of a request carries its id (Fastify's `reqId`); every answer carries it in
 * `X-Request-Id`, and a server failure (5xx, whose message says nothing specific) also as
 * `requestId` in the body, so a person reporting it can quote the id that finds the log lines.
 * Client mistakes keep their exact `{success, message}` shape: their message says what to fix.
 */
export const requestIds = fp(async (app: FastifyInstance) => {
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    done(null, withRequestId(reply.statusCode, payload, request.id));
  });
});
