import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Database, Db } from './db/client.ts';
import { ownOrigins, type Env } from './env.ts';
import { adminRoutes } from './features/admin/index.ts';
import { admissionRoutes, TicketCodes, ticketKeyFromSecret } from './features/admission/index.ts';
import { createMailer, type Mailer, startEmailWorker } from './features/email/index.ts';
import {
  createAuth,
  type Auth,
  authRoutes,
  resolveAuthSecret,
  SessionCache,
  watchSessions,
} from './features/auth/index.ts';
import { startExpirySweeper, bookingRoutes } from './features/bookings/index.ts';
import { startWaitlistWorker, waitlistRoutes } from './features/waitlist/index.ts';
import { favouriteRoutes } from './features/favourites/index.ts';
import { foodRoutes } from './features/food/index.ts';
import {
  counterGateway,
  type GatewayName,
  type PaymentGateway,
  startRefundWorker,
  refundRoutes,
  SandboxGateway,
  StripeGateway,
  RazorpayGateway,
} from './features/payments/index.ts';
import { paymentRoutes } from './features/checkout/index.ts';
import { movieRoutes, programmeRoutes } from './features/programme/index.ts';
import { CATALOGUE_CHANNEL, MovieCache, catalogueRoutes } from './features/catalogue/index.ts';
import { SEAT_CHANNEL, SeatMapCache, seatRoutes } from './features/seats/index.ts';
import { screenRoutes } from './features/screens/index.ts';
import { eraseAccount, privacyRoutes } from './features/privacy/index.ts';
import { seedSettings, settingsRoutes } from './features/settings/index.ts';
import { invoiceRoutes } from './features/invoices/index.ts';
import { boxOfficeRoutes } from './features/boxoffice/index.ts';
import { reportRoutes, startDailyReportEmailer } from './features/reports/index.ts';
import { crossOrigin } from './plugins/cross-origin.ts';
import { errorHandler, frameworkError } from './plugins/error-handler.ts';
import { fairQueue } from './plugins/fair-queue.ts';
import { inputHygiene } from './plugins/input-hygiene.ts';
import { openApi } from './plugins/openapi.ts';
import { requestTarget } from './plugins/request-target.ts';
import { securityHeaders } from './plugins/security-headers.ts';
import { staticFiles } from './plugins/static-files.ts';
import { Lifecycle, lifecycleRoutes } from './ops/lifecycle.ts';
import { metricsRoutes } from './ops/metrics.ts';
import { requestIdOf, requestIds } from './ops/request-id.ts';
import { requestLogOptions } from './ops/request-log.ts';

export interface AppDeps {
  config: Env;
  database: Database;
  db: Db;
  seatMaps: SeatMapCache;
  movieCache: MovieCache;
  auth: Auth;
  /** Sessions this process checked lately (features/auth/session-cache.ts). */
  sessions: SessionCache;
  /** Where new payments are taken: the one PAYMENT_GATEWAY names (env.ts). */
  gateway: PaymentGateway;
  /** Every gateway a recorded payment may belong to, for refunds and closing checkouts. */
  gateways: ReadonlyMap<GatewayName, PaymentGateway>;
  sandbox: SandboxGateway;
  stripe: StripeGateway | null;
  razorpay: RazorpayGateway | null;
  /** Issues and verifies the signed codes that tickets' QR codes carry. */
  tickets: TicketCodes;
  /** Sends what the email outbox holds (SMTP_URL), or logs it. */
  mailer: Mailer;
  /** The time as the app sees it; tests pass their own. */
  clock: () => Date;
  /** Starting, ready or draining: readiness and graceful shutdown (ops/lifecycle.ts). */
  lifecycle: Lifecycle;
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
  /** How often lapsed holds are marked expired and due refunds tried; 0 leaves it to the tests. */
  sweepIntervalMs?: number;
  /** How often due emails are sent; 0 leaves it to the tests. Default: EMAIL_POLL_MS. */
  emailIntervalMs?: number;
  /** Fail any JSON answer that does not match its route's documented schema (the tests). */
  checkResponses?: boolean;
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
  checkResponses = false,
}: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    ...requestLogOptions(logger),
    frameworkErrors: frameworkError,
    bodyLimit: BODY_LIMIT,
    // Unset, no forwarded header is believed: request.ip (rate limits, logs) is the peer's address.
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    // While draining, requests on connections that are still open are answered (with
    // `Connection: close`), not refused: see ops/shutdown.ts.
    return503OnClosing: false,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    genReqId: requestIdOf(config.TRUST_PROXY),
  });

  const seatMaps = new SeatMapCache(database.db, undefined, config.ACCESSIBLE_RELEASE_MINUTES, (shows) =>
    database.notify(SEAT_CHANNEL, shows),
  );
  const movieCache = new MovieCache(database.db);
  const secret = await resolveAuthSecret({ config, db: database.db });
  await seedSettings(database.db, config);
  const auth = createAuth({
    db: database.db,
    config,
    secret,
    log: app.log,
    beforeDeleteUser: (userId) => eraseAccount({ db: database.db, userId, now: clock() }),
  });
  const sessions = new SessionCache(config.SESSION_CACHE_SECONDS * 1000);
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
  const razorpay =
    config.RAZORPAY_KEY_ID && config.RAZORPAY_KEY_SECRET && config.RAZORPAY_WEBHOOK_SECRET
      ? new RazorpayGateway({
          keyId: config.RAZORPAY_KEY_ID,
          keySecret: config.RAZORPAY_KEY_SECRET,
          webhookSecret: config.RAZORPAY_WEBHOOK_SECRET,
          publicUrl: config.PUBLIC_URL,
          apiUrl: config.RAZORPAY_API_URL,
          checkoutUrl: config.RAZORPAY_CHECKOUT_URL,
        })
      : null;
  if (razorpay) gateways.set('razorpay', razorpay);
  const gateway =
    config.PAYMENT_GATEWAY === 'stripe' && stripe
      ? stripe
      : config.PAYMENT_GATEWAY === 'razorpay' && razorpay
        ? razorpay
        : sandbox;
  app.decorate('deps', {
    config,
    database,
    db: database.db,
    seatMaps,
    movieCache,
    auth,
    sessions,
    gateway,
    gateways,
    sandbox,
    stripe,
    razorpay,
    tickets: new TicketCodes([ticketKeyFromSecret(secret)]),
    mailer,
    clock,
    lifecycle: new Lifecycle(),
  });

  // Changes from any process on this database (this one included) reach the caches this way.
  const unlisten = await Promise.all([
    database.listen(SEAT_CHANNEL, (showId) => (showId ? seatMaps.invalidate(showId) : seatMaps.clear())),
    database.listen(CATALOGUE_CHANNEL, () => movieCache.invalidate()),
  ]);
  // Notifications sent while the LISTEN connection was down are lost: drop everything cached,
  // which also sends every open seat stream a fresh map (see SeatMapCache.clear).
  const stopListenerEvents = database.onListenerEvent((event) => {
    if (event.state === 'lost') {
      app.log.warn({ err: event.error }, 'lost the LISTEN connection; reconnecting');
      return;
    }
    seatMaps.clear();
    movieCache.invalidate();
    app.log.info(
      { downMs: event.downMs, attempts: event.attempts },
      'LISTEN connection restored; caches cleared',
    );
  });
  await watchSessions(app, database, sessions);
  app.addHook('onClose', async () => {
    stopListenerEvents();
    await Promise.all(unlisten.map((stop) => stop()));
  });

  // First: every later check reads the one spelling of the path this leaves.
  await app.register(requestTarget);
  await app.register(securityHeaders, {
    https: config.PUBLIC_URL.startsWith('https:'),
    // Razorpay's origins are allowed only while its keys are configured.
    paymentOrigins: razorpay
      ? [new URL(config.RAZORPAY_CHECKOUT_URL).origin, new URL(config.RAZORPAY_API_URL).origin]
      : [],
  });
  await app.register(crossOrigin, {
    ownOrigins: ownOrigins(config),
    corsOrigins: config.CORS_ORIGINS,
  });
  await app.register(errorHandler);
  await app.register(inputHygiene);
  // Before any route, so that every route is in the document.
  await app.register(openApi, { checkResponses });
  await app.register(fairQueue);

  await app.register(lifecycleRoutes);
  await app.register(requestIds);
  await app.register(metricsRoutes);
  await app.register(authRoutes);
  await app.register(catalogueRoutes);
  await app.register(favouriteRoutes);
  await app.register(privacyRoutes);
  await app.register(bookingRoutes);
  await app.register(paymentRoutes);
  await app.register(refundRoutes);
  await app.register(adminRoutes);
  await app.register(admissionRoutes);
  await app.register(programmeRoutes);
  await app.register(movieRoutes);
  await app.register(screenRoutes);
  await app.register(seatRoutes);
  await app.register(settingsRoutes);
  await app.register(foodRoutes);
  await app.register(invoiceRoutes);
  await app.register(waitlistRoutes);
  await app.register(boxOfficeRoutes);
  await app.register(reportRoutes);
  await app.register(staticFiles);

  // One hook, in this order: Fastify runs onClose hooks last-added first.
  const stopEmails = emailIntervalMs > 0 ? startEmailWorker(app, mailer, emailIntervalMs) : null;
  app.addHook('onClose', async () => {
    await stopEmails?.();
    mailer.close();
  });
  if (sweepIntervalMs > 0) {
    const stopSweeper = startExpirySweeper(app, sweepIntervalMs);
    // The daily report email is due at a minute of the day: checking as often as holds lapse is plenty.
    const stopReportEmails = startDailyReportEmailer(app, Math.max(sweepIntervalMs, 15_000));
    const stopRefunds = startRefundWorker(
      { db: database.db, gateways, clock, log: app.log },
      sweepIntervalMs,
    );
    const stopOffers = startWaitlistWorker(app, sweepIntervalMs);
    app.addHook('onClose', async () => {
      await Promise.all([stopSweeper(), stopRefunds(), stopOffers(), stopReportEmails()]);
    });
  }
  return app;
}

/** Fastify's trustProxy from TRUST_PROXY: a hop count trusts that many proxies nearest the server. */
function trustProxyOption(
  setting: Env['TRUST_PROXY'],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof setting === 'number' ? (_address, hop) => hop < setting : setting;
}
