import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { requestLineLevel, SLOW_ANSWER_MS } from './request-log.ts';

// The request log at the default level (info), as `npm start` writes it, and at debug (issue 35).
const lines: Record<string, unknown>[] = [];
const stream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const line of chunk.toString().split('\n'))
      if (line) lines.push(JSON.parse(line) as Record<string, unknown>);
    done();
  },
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ logger: { level: 'info', stream } });
});
// Each request's logger takes the app's level when the request arrives.
const atLevel = (level: 'info' | 'debug') => {
  t.app.log.level = level;
};
afterAll(() => t.close());

const linesOf = (reqId: unknown) => lines.filter((line) => line.reqId === reqId);

describe('the request log', () => {
  it('writes one line per request at debug, when it is answered, with what was asked and how it went', async () => {
    atLevel('debug');
    const answer = await t.app.inject({ method: 'GET', url: '/api/health', remoteAddress: '203.0.113.7' });
    atLevel('info');
    expect(answer.statusCode).toBe(200);
    const logged = linesOf(answer.headers['x-request-id']);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({
      level: 20,
      msg: 'request completed',
      req: { method: 'GET', url: '/api/health', remoteAddress: '203.0.113.7' },
      res: { statusCode: 200 },
    });
    expect(logged[0]!.responseTime).toEqual(expect.any(Number));
  });

  it('leaves a quick successful read out at info, and keeps every change', async () => {
    atLevel('info');
    const read = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(read.statusCode).toBe(200);
    expect(linesOf(read.headers['x-request-id'])).toEqual([]);

    const change = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: 'http://localhost:3000' },
      payload: { email: 'nobody@example.com', password: 'not-the-password' },
    });
    const logged = linesOf(change.headers['x-request-id']);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({
      level: 30,
      msg: 'request completed',
      req: { method: 'POST', url: '/api/auth/sign-in/email' },
      res: { statusCode: change.statusCode },
    });
  });

  it('gives a read its info line when it failed or was slow', () => {
    expect(requestLineLevel('GET', 200, 3)).toBe('debug');
    expect(requestLineLevel('HEAD', 304, 3)).toBe('debug');
    expect(requestLineLevel('GET', 404, 3)).toBe('info');
    expect(requestLineLevel('GET', 503, 3)).toBe('info');
    expect(requestLineLevel('GET', 200, SLOW_ANSWER_MS)).toBe('info');
    expect(requestLineLevel('POST', 200, 3)).toBe('info');
    expect(requestLineLevel('DELETE', 204, 3)).toBe('info');
  });

  it('says a client mistake in the same single line, with its status', async () => {
    const answer = await t.app.inject({ method: 'GET', url: '/api/no-such-route?token=abc123' });
    expect(answer.statusCode).toBe(404);
    const completed = linesOf(answer.headers['x-request-id']).filter(
      (line) => line.msg === 'request completed',
    );
    expect(completed).toHaveLength(1);
    expect(completed[0]).toMatchObject({
      req: { method: 'GET', url: '/api/no-such-route?token=[redacted]' },
      res: { statusCode: 404 },
    });
    expect(JSON.stringify(lines)).not.toContain('abc123');
  });
});
