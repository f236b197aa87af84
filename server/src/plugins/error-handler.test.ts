import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { BODY_LIMIT } from '../app.ts';
import { conflict } from '../lib/app-error.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    extend(app) {
      app.post('/api/test/echo', async (request) => ({ success: true, message: 'echo', body: request.body }));
      app.get('/api/test/conflict', async () => {
        throw conflict('Seats already booked: A1, A2');
      });
      app.get('/api/test/crash', async () => {
        throw new Error('connection to 10.0.0.7 refused: password for user admin');
      });
    },
  });
});
afterAll(() => t.close());

describe('error answers', () => {
  it('maps an AppError to its status and message', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/test/conflict' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ success: false, message: 'Seats already booked: A1, A2' });
  });

  it('refuses a body over the limit with 413', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ text: 'x'.repeat(BODY_LIMIT + 1) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ success: false, message: 'Request body is too large' });
  });

  it('accepts a body just under the limit', async () => {
    const payload = JSON.stringify({ text: 'x'.repeat(BODY_LIMIT - 20) });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expect(response.statusCode).toBe(200);
  });

  it('refuses malformed JSON with 400', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"seats": [',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, message: 'Request body is not valid JSON' });
  });

  it('hides the internals of an unexpected failure', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/test/crash' });
    expect(response.statusCode).toBe(500);
    const body = response.json();
    expect(body.success).toBe(false);
    expect(JSON.stringify(body)).not.toContain('10.0.0.7');
    expect(JSON.stringify(body)).not.toContain('password');
  });
});
