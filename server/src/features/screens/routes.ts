import { randomUUID } from 'node:crypto';
import { screenInput, screenUpdateInput, type ScreenResponse, type ScreensResponse } from '@marquee/shared';
import { asc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { pgError } from '../../db/client.ts';
import { screens } from '../../db/schema.ts';
import { conflict } from '../../lib/app-error.ts';
import { parseInput } from '../../lib/parse.ts';
import { recordAudit } from '../audit/index.ts';
import { requireAdmin } from '../auth/index.ts';
import { screenDocs as docs } from './docs.ts';
import { findScreen, SCREEN_NAME_INDEX, toScreen, updateScreen, upcomingShowCounts } from './screen-rules.ts';

const nameTaken = (error: unknown) =>
  pgError(error)?.constraint === SCREEN_NAME_INDEX
    ? conflict('A screen with this name already exists')
    : error;

/**
 * Screens (admins only, CONTRACT §7). An edit applies to new shows only: every show keeps the
 * layout snapshot it was made with, so an edit never changes a map that has been sold from.
 */
export async function screenRoutes(app: FastifyInstance) {
  const { db, clock } = app.deps;

  app.get('/api/admin/screens', { schema: docs.list }, async (request): Promise<ScreensResponse> => {
    await requireAdmin(request);
    const [rows, upcoming] = await Promise.all([
      db.select().from(screens).orderBy(asc(screens.name)),
      upcomingShowCounts(db, clock()),
    ]);
    return {
      success: true,
      message: 'Screens',
      screens: rows.map((row) => toScreen(row, upcoming.get(row.id) ?? 0)),
    };
  });

  app.get<{ Params: { id: string } }>(
    '/api/admin/screens/:id',
    { schema: docs.read },
    async (request): Promise<ScreenResponse> => {
      await requireAdmin(request);
      const row = await findScreen(db, request.params.id);
      const upcoming = await upcomingShowCounts(db, clock());
      return { success: true, message: 'Screen', screen: toScreen(row, upcoming.get(row.id) ?? 0) };
    },
  );

  app.post('/api/admin/screens', { schema: docs.create }, async (request, reply): Promise<ScreenResponse> => {
    const admin = await requireAdmin(request);
    const input = parseInput(screenInput, request.body ?? {});
    const now = clock();
    const [row] = await db
      .insert(screens)
      .values({ id: randomUUID(), name: input.name, layout: input.layout, createdAt: now, updatedAt: now })
      .returning()
      .catch((error: unknown) => {
        throw nameTaken(error);
      });
    await recordAudit(db, {
      actorId: admin.id,
      action: 'screen.create',
      entityType: 'screen',
      entityId: row!.id,
      details: { name: row!.name },
    });
    reply.status(201);
    return { success: true, message: 'Screen added', screen: toScreen(row!, 0) };
  });

  app.put<{ Params: { id: string } }>(
    '/api/admin/screens/:id',
    { schema: docs.update },
    async (request): Promise<ScreenResponse> => {
      const admin = await requireAdmin(request);
      const input = parseInput(screenUpdateInput, request.body ?? {});
      const before = await findScreen(db, request.params.id);
      const now = clock();
      const { row, changes } = await updateScreen(db, before, input, now).catch((error: unknown) => {
        throw nameTaken(error);
      });
      const action = changes.active ? (row.active ? 'screen.restore' : 'screen.retire') : 'screen.update';
      await recordAudit(db, {
        actorId: admin.id,
        action,
        entityType: 'screen',
        entityId: before.id,
        details: { name: row.name, ...changes },
      });
      const upcoming = await upcomingShowCounts(db, now);
      return {
        success: true,
        message: changes.active
          ? row.active
            ? 'Screen restored: new shows can be added to it.'
            : 'Screen retired: no new shows can be added to it. Shows already scheduled go on.'
          : 'Screen saved. Shows already scheduled keep their seat map; new shows use this one.',
        screen: toScreen(row, upcoming.get(before.id) ?? 0),
      };
    },
  );
}
