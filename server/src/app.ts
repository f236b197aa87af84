import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Database, Db } from './db/client.ts';
import type { Env } from './env.ts';
import { adminRoutes } from './features/admin/routes.ts';
import { createAuth, type Auth } from './features/auth/auth.ts';
import { authRoutes } from './features/auth/routes.ts';
import { resolveAuthSecret } from './features/auth/secret.ts';
import { startExpirySweeper } from './features/bookings/expiry-sweeper.ts';
import { bookingRoutes } from './features/bookings/routes.ts';
import { favouriteRoutes } from './features/favourites/routes.ts';
import type { PaymentGateway } from './features/payments/gateway.ts';
import { paymentRoutes } from './features/payments/routes.ts';
import { programmeRoutes } from './features/programme/routes.ts';
import { SandboxGateway } from './features/payments/sandbox-gateway.ts';
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
  gateway: PaymentGateway;
  sandbox: SandboxGateway;
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
}

/** Largest request body accepted; the biggest real one (a movie with its plot) is a few kB. */
export const BODY_LIMIT = 100 * 1024;

export async function buildApp({
  config,
  database,
  clock = () => new Date(),
  logger = false,
  sweepIntervalMs = 2_000,
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
  if (config.STRIPE_SECRET_KEY) {
    // Said plainly rather than taking payments somewhere the operator did not ask for.
    throw new Error(
      'Stripe Checkout is not available in this version yet: unset STRIPE_SECRET_KEY to use the sandbox gateway.',
    );
  }
  const secret = resolveAuthSecret(config);
  const auth = createAuth({ db: database.db, config, secret, log: app.log });
  const sandbox = new SandboxGateway(config.PUBLIC_URL, secret);
  app.decorate('deps', {
    config,
    database,
    db: database.db,
    seatMaps,
    movieCache,
    auth,
    gateway: sandbox,
    sandbox,
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
  await app.register(programmeRoutes);
  await app.register(seatRoutes);
  await app.register(staticFiles);

  if (sweepIntervalMs > 0) {
    const stopSweeper = startExpirySweeper(app, sweepIntervalMs);
    app.addHook('onClose', async () => stopSweeper());
  }
  return app;
}
