import {
  cancellationSettingsSchema,
  cinemaSettingsSchema,
  defaultCancellationTiers,
  defaultFoodRate,
  defaultWaitlistSettings,
  defaultReportsSettings,
  defaultTicketSlabs,
  reportsSettingsSchema,
  settingsSchema,
  settingsUpdateSchema,
  taxSettingsSchema,
  waitlistSettingsSchema,
  type Settings,
} from '@marquee/shared';
import { inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Queryable } from '../../db/client.ts';
import { settings } from '../../db/schema.ts';
import type { Env } from '../../env.ts';
import { badRequest } from '../../lib/app-error.ts';
import { recordAudit } from '../audit/index.ts';

/**
 * The cinema's settings live in the database (table `settings`, one row per section) and are read
 * from it on every use: one small primary-key read, so a change made by any process applies at
 * once on every process, with no cache to invalidate.
 */

const SECTIONS = ['cinema', 'tax', 'cancellation', 'waitlist', 'reports'] as const;
/** Not an admin setting: the calendar the process runs on (CINEMA_TIMEZONE), for invoice years. */
const CALENDAR = 'calendar';

const defaultTax: Settings['tax'] = {
  ticketSlabs: defaultTicketSlabs,
  foodRate: defaultFoodRate,
  invoicePrefix: 'MQ',
};

const defaultCancellation: Settings['cancellation'] = { tiers: defaultCancellationTiers };

/** The cinema section as the CINEMA_* variables describe it: the first start's values. */
export function cinemaFromEnv(config: Env): Settings['cinema'] {
  return {
    name: config.CINEMA_NAME,
    legalName: config.CINEMA_NAME,
    address: config.CINEMA_ADDRESS,
    phone: config.CINEMA_PHONE,
    hours: config.CINEMA_HOURS,
    gstin: '',
    stateCode: '',
    sac: '9996',
  };
}

/**
 * At start-up: the cinema section is seeded from the CINEMA_* variables if it is not there yet
 * (never overwritten after that: admins own it), and the calendar is the process's.
 */
export async function seedSettings(db: Db, config: Env): Promise<void> {
  await db
    .insert(settings)
    .values({ key: 'cinema', value: cinemaFromEnv(config) })
    .onConflictDoNothing();
  await db
    .insert(settings)
    .values({ key: CALENDAR, value: { timeZone: config.CINEMA_TIMEZONE } })
    .onConflictDoUpdate({ target: settings.key, set: { value: { timeZone: config.CINEMA_TIMEZONE } } });
}

/** Every section as stored, each read over its defaults (a section never written reads as its defaults). */
export async function readSettings(db: Queryable): Promise<Settings & { timeZone: string }> {
  const rows = await db
    .select()
    .from(settings)
    .where(inArray(settings.key, [...SECTIONS, CALENDAR]));
  const byKey = new Map(rows.map((r) => [r.key, r.value]));
  const cinema = cinemaSettingsSchema.safeParse(byKey.get('cinema'));
  const tax = taxSettingsSchema.safeParse({ ...defaultTax, ...byKey.get('tax') });
  const waitlist = waitlistSettingsSchema.safeParse({ ...defaultWaitlistSettings, ...byKey.get('waitlist') });
  const cancellation = cancellationSettingsSchema.safeParse({
    ...defaultCancellation,
    ...byKey.get('cancellation'),
  });
  const reports = reportsSettingsSchema.safeParse({ ...defaultReportsSettings, ...byKey.get('reports') });
  const timeZone = (byKey.get(CALENDAR) as { timeZone?: string } | undefined)?.timeZone ?? 'Asia/Kolkata';
  return {
    cinema: cinema.success
      ? cinema.data
      : {
          name: 'Marquee Cinemas',
          legalName: '',
          address: '',
          phone: '',
          hours: '',
          gstin: '',
          stateCode: '',
          sac: '9996',
        },
    tax: tax.success ? tax.data : defaultTax,
    waitlist: waitlist.success ? waitlist.data : defaultWaitlistSettings,
    cancellation: cancellation.success ? cancellation.data : defaultCancellation,
    reports: reports.success ? reports.data : defaultReportsSettings,
    timeZone,
  };
}

/** The first problem of a settings change, naming the setting: `cinema.gstin: Please enter a valid GSTIN`. */
function problem(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid settings';
  const at = issue.path.join('.');
  if (issue.code === 'unrecognized_keys') {
    const names = issue.keys.map((k) => (at ? `${at}.${k}` : k));
    return `Unknown setting${names.length > 1 ? 's' : ''}: ${names.join(', ')}`;
  }
  return at ? `${at}: ${issue.message}` : issue.message;
}

/**
 * Applies a change to any part of the settings, all or nothing: the change is checked, merged
 * over what is stored (under a lock, so two admins' changes never lose one another's keys), and
 * the whole result checked again; an audit row records who changed what, from what.
 */
export async function updateSettings({
  db,
  change,
  actorId,
}: {
  db: Db;
  change: unknown;
  actorId: string;
}): Promise<Settings> {
  const parsed = settingsUpdateSchema.safeParse(change);
  if (!parsed.success) throw badRequest(problem(parsed.error));
  return db.transaction(async (tx) => {
    // One admin's change at a time: the rows are locked before they are read and merged.
    await tx.execute(
      sql`select key from settings where key in ('cinema', 'tax', 'cancellation', 'waitlist', 'reports') for update`,
    );
    const { timeZone: _timeZone, ...current } = await readSettings(tx);
    const next = {
      cinema: { ...current.cinema, ...parsed.data.cinema },
      tax: { ...current.tax, ...parsed.data.tax },
      waitlist: { ...current.waitlist, ...parsed.data.waitlist },
      cancellation: { ...current.cancellation, ...parsed.data.cancellation },
      reports: { ...current.reports, ...parsed.data.reports },
    };
    const checked = settingsSchema.safeParse(next);
    if (!checked.success) throw badRequest(problem(checked.error));
    const changed: Record<string, { from: unknown; to: unknown }> = {};
    for (const section of SECTIONS) {
      const before = current[section] as Record<string, unknown>;
      const after = checked.data[section] as Record<string, unknown>;
      for (const key of Object.keys(after)) {
        if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) {
          changed[`${section}.${key}`] = { from: before[key], to: after[key] };
        }
      }
      if (Object.keys(changed).some((k) => k.startsWith(`${section}.`))) {
        await tx
          .insert(settings)
          .values({ key: section, value: after, updatedAt: new Date() })
          .onConflictDoUpdate({ target: settings.key, set: { value: after, updatedAt: new Date() } });
      }
    }
    if (Object.keys(changed).length) {
      await recordAudit(tx, {
        actorId,
        action: 'settings.update',
        entityType: 'settings',
        entityId: null,
        details: { changed },
      });
    }
    return checked.data;
  });
}
