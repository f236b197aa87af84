import type { FastifyInstance } from 'fastify';
import { isAdmin, requireUser } from '../auth/guards.ts';

export async function adminRoutes(app: FastifyInstance) {
  // Any signed-in user may ask; the answer is what the admin area's guard relies on.
  app.get('/api/admin/is-admin', async (request) => {
    const user = await requireUser(request);
    return { success: true, message: 'Checked', isAdmin: isAdmin(user) };
  });
}
