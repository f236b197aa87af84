import { deleteAccountRequest, privacyMessages } from '@marquee/shared';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyInstance } from 'fastify';
import { badRequest, conflict } from '../../lib/app-error.ts';
import { parseInput } from '../../lib/parse.ts';
import { requireUser } from '../auth/index.ts';
import { cancelAndRefund } from '../bookings/index.ts';
import { closingRefusal, unpaidBookings } from './close-account.ts';
import { privacyDocs as docs } from './docs.ts';
import { exportAccountData } from './export-data.ts';

const wrongPassword = 'Password is incorrect';

/** Whether better-auth refused for the password (its codes, whichever way it reports them). */
function isPasswordRefusal(error: unknown): boolean {
  const body = (error as { body?: { code?: string } } | null)?.body;
  return body?.code === 'INVALID_PASSWORD' || body?.code === 'CREDENTIAL_ACCOUNT_NOT_FOUND';
}

/** The buyer's own data (CONTRACT §2; docs/privacy.md). */
export async function privacyRoutes(app: FastifyInstance) {
  const { db, auth, clock, gateways, seatMaps, config } = app.deps;

  app.get('/api/user/export', { schema: docs.export }, async (request, reply) => {
    const user = await requireUser(request);
    const data = await exportAccountData({
      db,
      userId: user.id,
      now: clock(),
      timeZone: config.CINEMA_TIMEZONE,
    });
    // Saved as a file when opened in a browser; read as JSON by anything else.
    reply.header(
      'content-disposition',
      `attachment; filename="marquee-my-data-${data.exportedAt.slice(0, 10)}.json"`,
    );
    reply.header('cache-control', 'no-store');
    return { success: true, message: 'Your data', ...data };
  });

  app.delete('/api/user', { schema: docs.remove }, async (request, reply) => {
    const user = await requireUser(request);
    const { password } = parseInput(deleteAccountRequest, request.body ?? {});
    const refusal = await closingRefusal(db, user, clock());
    if (refusal) throw conflict(refusal);
    const headers = fromNodeHeaders(request.headers);
    // The password first, by better-auth: nothing is touched for a wrong one.
    try {
      await auth.api.verifyPassword({ body: { password }, headers });
    } catch (error) {
      if (isPasswordRefusal(error)) throw badRequest(wrongPassword);
      throw error;
    }
    // Unpaid holds go back on sale through the one cancel, with its after-commit work.
    for (const bookingId of await unpaidBookings(db, user.id)) {
      await cancelAndRefund(
        { db, gateways, clock, log: request.log, seatMaps },
        { bookingId, actor: { id: user.id, isStaff: false } },
      );
    }
    // better-auth's deleteUser: the password again, then eraseAccount (its beforeDelete hook,
    // app.ts), then the session cookie cleared.
    let response: Response;
    try {
      response = await auth.api.deleteUser({ body: { password }, headers, asResponse: true });
    } catch (error) {
      if (isPasswordRefusal(error)) throw badRequest(wrongPassword);
      throw error;
    }
    if (!response.ok) {
      const answer = (await response.json().catch(() => null)) as { code?: string } | null;
      if (answer?.code === 'INVALID_PASSWORD') throw badRequest(wrongPassword);
      throw new Error(`better-auth deleteUser answered ${response.status}`);
    }
    const cookies = response.headers.getSetCookie();
    if (cookies.length) reply.header('set-cookie', cookies);
    return { success: true, message: privacyMessages.deleted };
  });
}
