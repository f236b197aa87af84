import net from 'node:net';
import { z } from 'zod';

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().trim().min(1).default('0.0.0.0'),
    PUBLIC_URL: optionalText.pipe(z.url({ message: 'PUBLIC_URL must be an absolute URL' }).optional()),
    DATABASE_URL: optionalText.pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
        .optional(),
    ),
    DATA_DIR: z.string().trim().min(1).default('./data'),
    /** Connections each process keeps to PostgreSQL. */
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(20),
    ADMIN_EMAIL: optionalText.pipe(z.email({ message: 'ADMIN_EMAIL must be an email address' }).optional()),
    ADMIN_PASSWORD: optionalText.pipe(
      z.string().min(8, 'ADMIN_PASSWORD must be at least 8 characters').optional(),
    ),
    BETTER_AUTH_SECRET: optionalText.pipe(
      z.string().min(32, 'BETTER_AUTH_SECRET must be at least 32 characters').optional(),
    ),
    PAYMENT_WINDOW_SECONDS: z.coerce.number().int().min(10).max(86_400).default(600),
    /** Unpaid bookings one account may have at once, across all shows (one per show regardless). */
    UNPAID_BOOKINGS_LIMIT: z.coerce.number().int().min(1).max(100).default(3),
    /** Unpaid bookings one account may have for one show (the contract's rule is 1). */
    UNPAID_BOOKINGS_PER_SHOW: z.coerce.number().int().min(1).max(100).default(1),
    /** Minutes a screen needs between one show's end and the next start (CONTRACT §7). */
    CLEANING_MINUTES: z.coerce.number().int().min(0).max(240).default(15),
    /** Minutes before a show when unsold wheelchair and companion seats go on general sale. */
    ACCESSIBLE_RELEASE_MINUTES: z.coerce.number().int().min(0).max(10_080).default(60),
    /** Refuse bookings that leave a single seat stranded (CONTRACT §7). */
    SEAT_GAP_RULE: z.enum(['on', 'off'], { message: 'SEAT_GAP_RULE must be on or off' }).default('on'),
    AUTH_RATE_LIMIT: z.coerce.number().int().min(0).default(10),
    CINEMA_NAME: z.string().trim().min(1).default('Marquee Cinemas'),
    // Where and when to find the cinema: the footer and the tickets show them. The defaults are
    // the sample cinema's; a real one sets its own (an empty value leaves that line out).
    CINEMA_ADDRESS: z.string().trim().max(300).default('12 Residency Road, Bengaluru 560025'),
    CINEMA_PHONE: z.string().trim().max(40).default('+91 80 4000 1234'),
    CINEMA_HOURS: z.string().trim().max(200).default('Daily, 10:00 AM to 11:30 PM'),
    /** A map or directions link; unset, one is made from the address. */
    CINEMA_MAP_URL: optionalText.pipe(
      z.url({ protocol: /^https?$/, message: 'CINEMA_MAP_URL must be an http(s) URL' }).optional(),
    ),
    CINEMA_TIMEZONE: z
      .string()
      .trim()
      .default('Asia/Kolkata')
      .refine(isTimeZone, 'CINEMA_TIMEZONE must be an IANA time zone such as Asia/Kolkata'),
    STRIPE_SECRET_KEY: optionalText,
    STRIPE_WEBHOOK_SECRET: optionalText,
    /** Where the Stripe SDK sends API calls; only for a local stand-in such as stripe-mock. */
    STRIPE_API_URL: optionalText.pipe(z.url({ message: 'STRIPE_API_URL must be a URL' }).optional()),
    RAZORPAY_KEY_ID: optionalText,
    RAZORPAY_KEY_SECRET: optionalText,
    RAZORPAY_WEBHOOK_SECRET: optionalText,
    /** Where Razorpay's API is reached; a local stand-in in tests. */
    RAZORPAY_API_URL: z
      .string()
      .trim()
      .default('https://api.razorpay.com')
      .pipe(z.url({ protocol: /^https?$/, message: 'RAZORPAY_API_URL must be an http(s) URL' }))
      .transform((url) => url.replace(/\/+$/, '')),
    /** Razorpay Checkout's script; a local stand-in in tests. */
    RAZORPAY_CHECKOUT_URL: z
      .string()
      .trim()
      .default('https://checkout.razorpay.com/v1/checkout.js')
      .pipe(z.url({ protocol: /^https?$/, message: 'RAZORPAY_CHECKOUT_URL must be an http(s) URL' })),
    OIDC_ISSUER: optionalText.pipe(z.url({ message: 'OIDC_ISSUER must be a URL' }).optional()),
    OIDC_CLIENT_ID: optionalText,
    OIDC_CLIENT_SECRET: optionalText,
    /** How the sign-in screen names the provider: "Continue with {name}". */
    OIDC_PROVIDER_NAME: z.string().trim().min(1).default('Single Sign-On'),
    /** Reverse proxies whose X-Forwarded-* headers are believed: a hop count or addresses/CIDRs. */
    TRUST_PROXY: optionalText.pipe(
      z
        .string()
        .transform(parseTrustProxy)
        .refine((value) => value !== null, {
          message:
            'TRUST_PROXY must be a hop count (such as 1) or comma-separated proxy addresses or CIDR ranges',
        })
        .optional(),
    ),
    /** Other web apps allowed to call the API with credentials (exact origins). */
    CORS_ORIGINS: optionalText.pipe(
      z
        .string()
        // A URL parser reads `https://*.example.com` as a host named `*.example.com`: say so.
        .refine((value) => !value.includes('*'), {
          message:
            'CORS_ORIGINS takes exact origins, not wildcards (*): list each one, such as https://kiosk.example.com',
          abort: true,
        })
        .transform(parseOrigins)
        .refine((value) => value !== null, {
          message: 'CORS_ORIGINS must be comma-separated origins such as https://kiosk.example.com',
        })
        .optional(),
    ),
    /** Which gateway takes new payments; in production the sandbox only runs when named here. */
    PAYMENT_GATEWAY: optionalText.pipe(
      z
        .enum(['stripe', 'razorpay', 'sandbox'], {
          message: 'PAYMENT_GATEWAY must be stripe, razorpay or sandbox',
        })
        .optional(),
    ),
    /**
     * Bearer token GET /metrics asks for; required in production. Unset (development, tests), it
     * answers only local callers (not via a proxy).
     */
    METRICS_TOKEN: optionalText.pipe(
      z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
    ),
    /** Send email through this server (smtp://host:port, smtps://user:pass@host); unset: log it (not in production). */
    SMTP_URL: optionalText.pipe(
      z
        .url({ message: 'SMTP_URL must be a URL such as smtp://localhost:2525' })
        .refine((url) => /^smtps?:/.test(url), 'SMTP_URL must start with smtp:// or smtps://')
        .optional(),
    ),
    EMAIL_FROM: z.string().trim().min(3).default('Marquee Cinemas <tickets@marquee.local>'),
    /** How often each process looks for emails due; 0 leaves it to the tests. */
    EMAIL_POLL_MS: z.coerce.number().int().min(0).max(600_000).default(2_000),
    /**
     * How long a process trusts a session it checked without asking the database again; sign-out
     * and role changes still reach every process at once (NOTIFY). 0 asks on every request.
     */
    SESSION_CACHE_SECONDS: z.coerce.number().int().min(0).max(3_600).default(60),
    /** Requests the embedded database lets wait before answering 503 (PGlite only). */
    DB_QUEUE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(500),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  })
  .transform((env) => ({
    ...env,
    PUBLIC_URL: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    TRUST_PROXY: env.TRUST_PROXY ?? false,
    CORS_ORIGINS: env.CORS_ORIGINS ?? [],
    PAYMENT_GATEWAY:
      env.PAYMENT_GATEWAY ??
      (env.STRIPE_SECRET_KEY ? 'stripe' : env.RAZORPAY_KEY_ID ? 'razorpay' : 'sandbox'),
  }));

export type Env = z.infer<typeof envSchema>;

/**
 * The app's own origins, the ones better-auth and the cross-origin guard trust besides
 * CORS_ORIGINS: PUBLIC_URL's; when that is localhost (as when PUBLIC_URL is not set), the same
 * port at 127.0.0.1 and [::1] too, since a browser opened at either reaches the same server; and
 * the Vite dev server and preview while developing (they proxy /api, so their pages are this app).
 */
export function ownOrigins(config: Pick<Env, 'PUBLIC_URL' | 'NODE_ENV'>): string[] {
  const url = new URL(config.PUBLIC_URL);
  const origins = [url.origin];
  if (url.hostname === 'localhost') {
    const port = url.port ? `:${url.port}` : '';
    origins.push(`${url.protocol}//127.0.0.1${port}`, `${url.protocol}//[::1]${port}`);
  }
  if (config.NODE_ENV === 'development') origins.push('http://localhost:5173', 'http://localhost:4173');
  return origins;
}

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Proxy names proxy-addr (Fastify's trustProxy) understands besides addresses. */
const proxyNames = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** A hop count, or proxy addresses/CIDR ranges; null when a part is neither. */
function parseTrustProxy(value: string): number | string[] | null {
  if (/^\d+$/.test(value)) return Number(value) > 0 ? Number(value) : null;
  const parts = value.split(',').map((part) => part.trim());
  const valid = parts.every((part) => {
    if (proxyNames.has(part)) return true;
    const [address, bits, extra] = part.split('/');
    if (extra !== undefined || !address || !net.isIP(address)) return false;
    if (bits === undefined) return true;
    const max = net.isIPv4(address) ? 32 : 128;
    return /^\d+$/.test(bits) && Number(bits) <= max;
  });
  return valid ? parts : null;
}

/** Exact origins (scheme://host[:port]), normalised; null when a part is not an origin. */
function parseOrigins(value: string): string[] | null {
  const origins: string[] = [];
  for (const part of value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)) {
    let url: URL;
    try {
      url = new URL(part);
    } catch {
      return null;
    }
    const bare = url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password;
    if (!/^https?:$/.test(url.protocol) || !bare) return null;
    origins.push(url.origin);
  }
  return origins;
}

export class EnvError extends Error {
  override name = 'EnvError';
}

type Source = Record<string, string | undefined>;

/** Rules across variables, checked on the raw values so they are reported with any other problem. */
function crossChecks(source: Source): string[] {
  const set = (name: string) => Boolean(source[name]?.trim());
  const problems: string[] = [];
  if ((source.NODE_ENV ?? '').trim() === 'production' && !set('BETTER_AUTH_SECRET')) {
    problems.push('BETTER_AUTH_SECRET: BETTER_AUTH_SECRET is required in production');
  }
  if (set('ADMIN_EMAIL') !== set('ADMIN_PASSWORD')) {
    problems.push('ADMIN_PASSWORD: ADMIN_EMAIL and ADMIN_PASSWORD go together');
  }
  if (set('STRIPE_SECRET_KEY') !== set('STRIPE_WEBHOOK_SECRET')) {
    problems.push('STRIPE_WEBHOOK_SECRET: STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET go together');
  }
  const gateway = (source.PAYMENT_GATEWAY ?? '').trim();
  if (gateway === 'stripe' && !set('STRIPE_SECRET_KEY')) {
    problems.push(
      'PAYMENT_GATEWAY: PAYMENT_GATEWAY=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET',
    );
  }
  // Razorpay's three keys go together: a half configuration names what is missing.
  const razorpayKeys = ['RAZORPAY_KEY_ID', 'RAZORPAY_KEY_SECRET', 'RAZORPAY_WEBHOOK_SECRET'];
  const razorpayMissing = razorpayKeys.filter((name) => !set(name));
  if (razorpayMissing.length && (gateway === 'razorpay' || razorpayMissing.length < razorpayKeys.length)) {
    problems.push(
      `${razorpayMissing[0]}: Razorpay needs RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET; ` +
        `missing: ${razorpayMissing.join(', ')}`,
    );
  }
  // Anyone could "pay" through the sandbox, so production never falls back to it unasked.
  if (
    (source.NODE_ENV ?? '').trim() === 'production' &&
    !gateway &&
    !set('STRIPE_SECRET_KEY') &&
    !set('RAZORPAY_KEY_ID')
  ) {
    problems.push(
      'PAYMENT_GATEWAY: production takes payments with Razorpay (set RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and ' +
        'RAZORPAY_WEBHOOK_SECRET) or Stripe (set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET); ' +
        'set PAYMENT_GATEWAY=sandbox to run the test gateway on purpose',
    );
  }
  // Without it each email is written to the log instead of sent: password-reset links included,
  // which would let anyone who reads the log into any account.
  if ((source.NODE_ENV ?? '').trim() === 'production' && !set('SMTP_URL')) {
    problems.push(
      'SMTP_URL: SMTP_URL is required in production (unset, emails and their password-reset links ' +
        'would be written to the log instead of sent)',
    );
  }
  // A proxy on the same machine that sends no X-Forwarded-For looks like a local caller.
  if ((source.NODE_ENV ?? '').trim() === 'production' && !set('METRICS_TOKEN')) {
    problems.push(
      'METRICS_TOKEN: METRICS_TOKEN is required in production (at least 16 characters; scrape /metrics with Authorization: Bearer <token>)',
    );
  }
  const oidc = ['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET'].filter(set).length;
  if (oidc !== 0 && oidc !== 3) {
    problems.push('OIDC_ISSUER: OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET go together');
  }
  return problems;
}

/** Reads and checks the environment; a bad value stops start-up with every problem listed. */
export function loadEnv(source: Source = process.env): Env {
  const parsed = envSchema.safeParse(source);
  const problems = crossChecks(source);
  if (!parsed.success) {
    problems.unshift(
      ...parsed.error.issues.map((issue) => `${issue.path.join('.') || 'env'}: ${issue.message}`),
    );
  }
  if (!parsed.success || problems.length) {
    throw new EnvError(`Invalid configuration:\n${problems.map((line) => `  - ${line}`).join('\n')}`);
  }
  return parsed.data;
}
