import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Database, Db } from './db/client.ts';
import type { Env } from './env.ts';
import { adminRoutes } from './features/admin/routes.ts';
import { admissionRoutes } from './features/admission/routes.ts';
import { TicketCodes, ticketKeyFromSecret } from './features/admission/ticket-code.ts';
import { createMailer, type Mailer } from './features/email/mailer.ts';
import { startEmailWorker } from './features/email/worker.ts';
import { createAuth, type Auth } from './features/auth/auth.ts';
import { authRoutes } from './features/auth/routes.ts';
import { resolveAuthSecret } from './features/auth/secret.ts';
import { startExpirySweeper } from './features/bookings/expiry-sweeper.ts';
import { bookingRoutes } from './features/bookings/routes.ts';
import { favouriteRoutes } from './features/favourites/routes.ts';
import { counterGateway, type GatewayName, type PaymentGateway } from './features/payments/gateway.ts';
import { paymentRoutes } from './features/payments/routes.ts';
import { programmeRoutes } from './features/programme/routes.ts';
import { SandboxGateway } from './features/payments/sandbox-gateway.ts';
import { StripeGateway } from './features/payments/stripe-gateway.ts';
import { CATALOGUE_CHANNEL, MovieCache } from './features/catalogue/movie-cache.ts';
import { catalogueRoutes } from './features/catalogue/routes.ts';
import { SEAT_CHANNEL, SeatMapCache } from './features/seats/seat-map-cache.ts';
import { seatRoutes } from './features/seats/routes.ts';
import { errorHandler } from './plugins/error-handler.ts';
import { securityHeaders } from './plugins/security-headers.ts';
import { staticFiles } from './plugins/static-files.ts';

export interface AppDeps {
  config: Env;
  database: Database;
  db: Db;
  seatMaps: SeatMapCache;
  movieCache: MovieCache;
  auth: Auth;
  /** Where new payments are taken: Stripe when configured, else the sandbox. */
  gateway: PaymentGateway;
  /** Every gateway a recorded payment may belong to, for refunds and closing checkouts. */
  gateways: ReadonlyMap<GatewayName, PaymentGateway>;
  sandbox: SandboxGateway;
  stripe: StripeGateway | null;
  /** Issues and verifies the signed codes that tickets' QR codes carry. */
  tickets: TicketCodes;
  /** Sends what the email outbox holds (SMTP_URL), or logs it. */
  mailer: Mailer;
  /** The time as the app sees it; tests pass their own. */
  clock: () => Date;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}

export interface BuildAppOptions {
  config: Env;
  database: Database;
  clock?: () => Date;
  logger?: FastifyServerOptions['logger'];
  /** How often lapsed holds are marked expired; 0 leaves it to the tests. */
  sweepIntervalMs?: number;
  /** How often due emails are sent; 0 leaves it to the tests. Default: EMAIL_POLL_MS. */
  emailIntervalMs?: number;
}

/** Largest request body accepted; the biggest real one (a movie with its plot) is a few kB. */
export const BODY_LIMIT = 100 * 1024;

export async function buildApp({
  config,
  database,
  clock = () => new Date(),
  logger = false,
  sweepIntervalMs = 2_000,
  emailIntervalMs = config.EMAIL_POLL_MS,
}: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger,
    bodyLimit: BODY_LIMIT,
    trustProxy: true,
    return503OnClosing: true,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
  });

  const seatMaps = new SeatMapCache(database.db);
  const movieCache = new MovieCache(database.db);
  const secret = resolveAuthSecret(config);
  const auth = createAuth({ db: database.db, config, secret, log: app.log });
  const mailer = createMailer(config, app.log);
  const sandbox = new SandboxGateway(config.PUBLIC_URL, secret);
  const stripe =
    config.STRIPE_SECRET_KEY && config.STRIPE_WEBHOOK_SECRET
      ? new StripeGateway({
          secretKey: config.STRIPE_SECRET_KEY,
          webhookSecret: config.STRIPE_WEBHOOK_SECRET,
          publicUrl: config.PUBLIC_URL,
          apiUrl: config.STRIPE_API_URL,
        })
      : null;
  const gateways = new Map<GatewayName, PaymentGateway>([
    ['sandbox', sandbox],
    ['counter', counterGateway],
  ]);
  if (stripe) gateways.set('stripe', stripe);
  app.decorate('deps', {
    config,
    database,
    db: database.db,
    seatMaps,
    movieCache,
    auth,
    gateway: stripe ?? sandbox,
    gateways,
    sandbox,
    stripe,
    tickets: new TicketCodes([ticketKeyFromSecret(secret)]),
    mailer,
    clock,
  });

  // Changes from any process on this database (this one included) reach the caches this way.
  const unlisten = await Promise.all([
    database.listen(SEAT_CHANNEL, (showId) => (showId ? seatMaps.invalidate(showId) : seatMaps.clear())),
    database.listen(CATALOGUE_CHANNEL, () => movieCache.invalidate()),
  ]);
  app.addHook('onClose', async () => {
    await Promise.all(unlisten.map((stop) => stop()));
  });

  await app.register(securityHeaders, { https: config.PUBLIC_URL.startsWith('https:') });
  await app.register(errorHandler);

  app.get('/api/health', async () => {
    await database.db.execute('select 1');
    return { success: true, message: 'ok', database: database.kind };
  });
  await app.register(authRoutes);
  await app.register(catalogueRoutes);
  await app.register(favouriteRoutes);
  await app.register(bookingRoutes);
  await app.register(paymentRoutes);
  await app.register(adminRoutes);
  await app.register(admissionRoutes);
  await app.register(programmeRoutes);
  await app.register(seatRoutes);
  await app.register(staticFiles);

  if (emailIntervalMs > 0) {
    const stopEmails = startEmailWorker(app, mailer, emailIntervalMs);
    app.addHook('onClose', async () => stopEmails());
  }
  app.addHook('onClose', async () => mailer.close());
  if (sweepIntervalMs > 0) {
    const stopSweeper = startExpirySweeper(app, sweepIntervalMs);
    app.addHook('onClose', async () => stopSweeper());
  }
  return app;
}
