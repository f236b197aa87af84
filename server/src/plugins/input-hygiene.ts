import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

export const INVALID_TEXT = 'Text must not contain NUL characters or broken unicode';
export const TOO_DEEP = 'Request is nested too deeply';

/** Deeper than any real request (a show's dateTimings is four levels). */
const MAX_DEPTH = 16;
/** A surrogate half without its partner: not unicode, and PostgreSQL refuses it (as it does NUL). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

type Problem = typeof INVALID_TEXT | typeof TOO_DEEP | null;

const isCleanText = (text: string) => !text.includes('\u0000') && !LONE_SURROGATE.test(text);

/** The first reason `value` cannot be stored or compared as text, looking through objects and arrays. */
export function inputProblem(value: unknown, depth = 0): Problem {
  if (typeof value === 'string') return isCleanText(value) ? null : INVALID_TEXT;
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return null;
  if (depth >= MAX_DEPTH) return TOO_DEEP;
  for (const [key, item] of Object.entries(value)) {
    if (!isCleanText(key)) return INVALID_TEXT;
    const problem = inputProblem(item, depth + 1);
    if (problem) return problem;
  }
  return null;
}

const isApi = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

/**
 * Input hygiene in one place, before any route sees a request: text that PostgreSQL cannot store
 * (NUL) or that is not real unicode (an unpaired surrogate) is a 400 wherever it appears — body,
 * query or path — and so is absurd nesting. Routes then only check what their fields mean.
 */
export const inputHygiene = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    const problem = isApi(request.url)
      ? (inputProblem(request.params) ?? inputProblem(request.query) ?? inputProblem(request.body))
      : null;
    if (problem) reply.status(400).send({ success: false, message: problem });
    else done();
  });
});
