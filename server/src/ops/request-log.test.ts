import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';

// The request log at the default level (info), as `npm start` writes it (issue 35).
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
afterAll(() => t.close());

const linesOf = (reqId: unknown) => lines.filter((line) => line.reqId === reqId);

describe('the request log', () => {
  it('writes one line per request, when it is answered, with what was asked and how it went', async () => {
    const answer = await t.app.inject({ method: 'GET', url: '/api/health', remoteAddress: '203.0.113.7' });
    expect(answer.statusCode).toBe(200);
    const logged = linesOf(answer.headers['x-request-id']);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({
      level: 30,
      msg: 'request completed',
      req: { method: 'GET', url: '/api/health', remoteAddress: '203.0.113.7' },
      res: { statusCode: 200 },
    });
    expect(logged[0]!.responseTime).toEqual(expect.any(Number));
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
