import type { SettingsResponse } from '@marquee/shared';
import type { FastifyInstance } from 'fastify';
import { requireAdmin } from '../auth/index.ts';
import { settingsDocs as docs } from './docs.ts';
import { readSettings, updateSettings } from './store.ts';

export async function settingsRoutes(app: FastifyInstance) {
  const { db } = app.deps;

  app.get('/api/admin/settings', { schema: docs.read }, async (request): Promise<SettingsResponse> => {
    await requireAdmin(request);
    const { timeZone: _timeZone, ...settings } = await readSettings(db);
    return { success: true, message: 'Settings fetched', settings };
  });

  app.put('/api/admin/settings', { schema: docs.update }, async (request): Promise<SettingsResponse> => {
    const admin = await requireAdmin(request);
    const settings = await updateSettings({ db, change: request.body ?? {}, actorId: admin.id });
    return { success: true, message: 'Settings saved', settings };
  });
}
