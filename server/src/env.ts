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
    OIDC_ISSUER: optionalText.pipe(z.url({ message: 'OIDC_ISSUER must be a URL' }).optional()),
    OIDC_CLIENT_ID: optionalText,
    OIDC_CLIENT_SECRET: optionalText,
    /** How the sign-in screen names the provider: "Continue with {name}". */
    OIDC_PROVIDER_NAME: z.string().trim().min(1).default('Single Sign-On'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  })
  .transform((env) => ({
    ...env,
    PUBLIC_URL: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
  }));

export type Env = z.infer<typeof envSchema>;

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
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
