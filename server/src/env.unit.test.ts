import { describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from './env.ts';

describe('configuration', () => {
  it('has the contract defaults', () => {
    const env = loadEnv({});
    expect(env).toMatchObject({
      PORT: 3000,
      HOST: '0.0.0.0',
      PUBLIC_URL: 'http://localhost:3000',
      DATA_DIR: './data',
      PAYMENT_WINDOW_SECONDS: 600,
      CINEMA_TIMEZONE: 'Asia/Kolkata',
    });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.AUTH_RATE_LIMIT).toBeGreaterThan(0);
  });

  it('derives PUBLIC_URL from PORT and trims a trailing slash', () => {
    expect(loadEnv({ PORT: '8080' }).PUBLIC_URL).toBe('http://localhost:8080');
    expect(loadEnv({ PUBLIC_URL: 'https://tickets.example.com/' }).PUBLIC_URL).toBe(
      'https://tickets.example.com',
    );
  });

  it('treats empty values as unset', () => {
    expect(loadEnv({ DATABASE_URL: '', STRIPE_SECRET_KEY: '' }).DATABASE_URL).toBeUndefined();
  });

  it('lists every problem in one clear message', () => {
    const attempt = () =>
      loadEnv({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        CINEMA_TIMEZONE: 'Mars/Olympus',
        ADMIN_EMAIL: 'root@example.com',
      });
    expect(attempt).toThrow(EnvError);
    try {
      attempt();
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain('PORT');
      expect(message).toContain('DATABASE_URL must start with postgres://');
      expect(message).toContain('CINEMA_TIMEZONE must be an IANA time zone');
      expect(message).toContain('ADMIN_EMAIL and ADMIN_PASSWORD go together');
    }
  });

  it('requires a session secret in production', () => {
    expect(() => loadEnv({ NODE_ENV: 'production' })).toThrow(/BETTER_AUTH_SECRET is required in production/);
    expect(loadEnv({ NODE_ENV: 'production', BETTER_AUTH_SECRET: 'x'.repeat(32) }).NODE_ENV).toBe(
      'production',
    );
  });

  it('requires the three OIDC settings together', () => {
    expect(() => loadEnv({ OIDC_ISSUER: 'http://127.0.0.1:9000' })).toThrow(/go together/);
  });
});
