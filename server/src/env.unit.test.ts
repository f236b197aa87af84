import { describe, expect, it } from 'vitest';
import { EnvError, loadEnv, ownOrigins } from './env.ts';

/** What production cannot start without (besides a payment gateway). */
const production = {
  NODE_ENV: 'production',
  BETTER_AUTH_SECRET: 'x'.repeat(32),
  METRICS_TOKEN: 'scrape-token-0123456789',
  SMTP_URL: 'smtp://127.0.0.1:2525',
};

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

  it('trusts its own origin, its loopback aliases when it is localhost, and the dev servers while developing', () => {
    expect(ownOrigins(loadEnv({ PORT: '8080', NODE_ENV: 'test' }))).toEqual([
      'http://localhost:8080',
      'http://127.0.0.1:8080',
      'http://[::1]:8080',
    ]);
    expect(ownOrigins(loadEnv({ PUBLIC_URL: 'https://tickets.example.com/', NODE_ENV: 'test' }))).toEqual([
      'https://tickets.example.com',
    ]);
    expect(
      ownOrigins(loadEnv({ PUBLIC_URL: 'https://tickets.example.com', NODE_ENV: 'development' })),
    ).toEqual(['https://tickets.example.com', 'http://localhost:5173', 'http://localhost:4173']);
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
    expect(loadEnv({ ...production, PAYMENT_GATEWAY: 'sandbox' }).NODE_ENV).toBe('production');
  });

  it('requires a token for /metrics in production', () => {
    const { METRICS_TOKEN: _token, ...withoutToken } = production;
    expect(() => loadEnv({ ...withoutToken, PAYMENT_GATEWAY: 'sandbox' })).toThrow(
      /METRICS_TOKEN: METRICS_TOKEN is required in production/,
    );
  });

  it('requires SMTP_URL in production: unset, emails and their reset links would go to the log', () => {
    const { SMTP_URL: _smtp, ...withoutSmtp } = production;
    expect(() => loadEnv({ ...withoutSmtp, PAYMENT_GATEWAY: 'sandbox' })).toThrow(
      /SMTP_URL: SMTP_URL is required in production/,
    );
    expect(
      loadEnv({ ...production, PAYMENT_GATEWAY: 'sandbox', SMTP_URL: 'smtps://user:pass@mail.example.com' })
        .SMTP_URL,
    ).toBe('smtps://user:pass@mail.example.com');
    expect(loadEnv({}).SMTP_URL).toBeUndefined();
  });

  it('requires the three OIDC settings together', () => {
    expect(() => loadEnv({ OIDC_ISSUER: 'http://127.0.0.1:9000' })).toThrow(/go together/);
  });

  it('runs the sandbox gateway in production only when it is chosen', () => {
    const secret = production;
    expect(() => loadEnv(secret)).toThrow(/set PAYMENT_GATEWAY=sandbox to run the test gateway on purpose/);
    expect(loadEnv({ ...secret, PAYMENT_GATEWAY: 'sandbox' }).PAYMENT_GATEWAY).toBe('sandbox');
    const stripe = { STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' };
    expect(loadEnv({ ...secret, ...stripe }).PAYMENT_GATEWAY).toBe('stripe');
    expect(loadEnv({}).PAYMENT_GATEWAY).toBe('sandbox');
    expect(() => loadEnv({ PAYMENT_GATEWAY: 'stripe' })).toThrow(/needs STRIPE_SECRET_KEY/);
    expect(() => loadEnv({ PAYMENT_GATEWAY: 'paypal' })).toThrow(
      /PAYMENT_GATEWAY must be stripe, razorpay or sandbox/,
    );
  });

  it('takes Razorpay with its three keys, and refuses a half configuration naming what is missing', () => {
    const keys = {
      RAZORPAY_KEY_ID: 'rzp_test_1',
      RAZORPAY_KEY_SECRET: 'secret',
      RAZORPAY_WEBHOOK_SECRET: 'whsecret',
    };
    const config = loadEnv({ ...production, ...keys });
    expect(config.PAYMENT_GATEWAY).toBe('razorpay');
    expect(config.RAZORPAY_API_URL).toBe('https://api.razorpay.com');
    expect(config.RAZORPAY_CHECKOUT_URL).toBe('https://checkout.razorpay.com/v1/checkout.js');
    expect(() => loadEnv({ PAYMENT_GATEWAY: 'razorpay' })).toThrow(
      /missing: RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET, RAZORPAY_WEBHOOK_SECRET/,
    );
    expect(() => loadEnv({ RAZORPAY_KEY_ID: 'rzp_test_1', RAZORPAY_KEY_SECRET: 'secret' })).toThrow(
      /missing: RAZORPAY_WEBHOOK_SECRET$/m,
    );
    expect(() => loadEnv({ ...keys, RAZORPAY_API_URL: 'not a url' })).toThrow(/RAZORPAY_API_URL must be/);
    // The sandbox stays the default when nothing else is configured.
    expect(loadEnv({}).PAYMENT_GATEWAY).toBe('sandbox');
  });

  it('reads TRUST_PROXY as a hop count or proxy addresses, believing none when unset', () => {
    expect(loadEnv({}).TRUST_PROXY).toBe(false);
    expect(loadEnv({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadEnv({ TRUST_PROXY: '10.0.0.1, 10.1.0.0/16,::1,loopback' }).TRUST_PROXY).toEqual([
      '10.0.0.1',
      '10.1.0.0/16',
      '::1',
      'loopback',
    ]);
    for (const bad of ['true', '0', '10.0.0.1/40', 'proxy.example.com', '*']) {
      expect(() => loadEnv({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY must be a hop count/);
    }
  });

  it('reads CORS_ORIGINS as exact origins', () => {
    expect(loadEnv({}).CORS_ORIGINS).toEqual([]);
    expect(
      loadEnv({ CORS_ORIGINS: 'https://kiosk.example.com/, http://localhost:5174' }).CORS_ORIGINS,
    ).toEqual(['https://kiosk.example.com', 'http://localhost:5174']);
    for (const bad of ['kiosk.example.com', 'https://kiosk.example.com/app', 'ftp://x.example']) {
      expect(() => loadEnv({ CORS_ORIGINS: bad }), bad).toThrow(
        /CORS_ORIGINS must be comma-separated origins/,
      );
    }
  });

  it('refuses a wildcard in CORS_ORIGINS instead of reading it as a host', () => {
    for (const bad of ['*', 'https://*.example.com', 'https://kiosk.example.com, https://*.example.org']) {
      expect(() => loadEnv({ CORS_ORIGINS: bad }), bad).toThrow(
        /CORS_ORIGINS takes exact origins, not wildcards/,
      );
    }
  });
});
