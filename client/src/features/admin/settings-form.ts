import type { Settings, SettingsUpdate } from '@marquee/shared';

/** The settings form's values: every control's text, as typed. */
export interface SettingsFormValues {
  cinema: Record<keyof Settings['cinema'], string>;
  slabs: { upTo: string; rate: string }[];
  foodRate: string;
  invoicePrefix: string;
  offerMinutes: string;
  tiers: { minutesBefore: string; refundPercent: string }[];
  /** The daily report email: the time and the addresses (comma-separated); both empty turn it off. */
  dailyEmailAt: string;
  dailyEmailTo: string;
}

export function toFormValues(settings: Settings): SettingsFormValues {
  return {
    cinema: { ...settings.cinema },
    slabs: settings.tax.ticketSlabs.map((s) => ({
      upTo: s.upTo === null ? '' : String(s.upTo),
      rate: String(s.rate),
    })),
    foodRate: String(settings.tax.foodRate),
    invoicePrefix: settings.tax.invoicePrefix,
    offerMinutes: String(settings.waitlist.offerMinutes),
    tiers: settings.cancellation.tiers.map((t) => ({
      minutesBefore: String(t.minutesBefore),
      refundPercent: String(t.refundPercent),
    })),
    dailyEmailAt: settings.reports.dailyEmail?.at ?? '',
    dailyEmailTo: settings.reports.dailyEmail?.to.join(', ') ?? '',
  };
}

/** A number as typed; text that is not one is sent as is, for the server to name. */
const numberOf = (text: string): number | string => {
  const trimmed = text.trim();
  return trimmed !== '' && Number.isFinite(Number(trimmed)) ? Number(trimmed) : trimmed;
};

/**
 * The PUT body: the whole of every section. Numbers that do not parse are sent as typed, so the
 * server's refusal names them (the body is then not a valid SettingsUpdate, hence the cast).
 */
export function toSettingsUpdate(values: SettingsFormValues): SettingsUpdate {
  const body = {
    cinema: values.cinema,
    tax: {
      ticketSlabs: values.slabs.map((s) => ({
        upTo: s.upTo.trim() === '' ? null : numberOf(s.upTo),
        rate: numberOf(s.rate),
      })),
      foodRate: numberOf(values.foodRate),
      invoicePrefix: values.invoicePrefix.trim().toUpperCase(),
    },
    waitlist: { offerMinutes: numberOf(values.offerMinutes) },
    cancellation: {
      tiers: values.tiers.map((t) => ({
        minutesBefore: numberOf(t.minutesBefore),
        refundPercent: numberOf(t.refundPercent),
      })),
    },
    reports: {
      dailyEmail:
        values.dailyEmailAt.trim() === '' && values.dailyEmailTo.trim() === ''
          ? null
          : {
              at: values.dailyEmailAt.trim(),
              to: values.dailyEmailTo
                .split(/[,;\s]+/)
                .map((a) => a.trim())
                .filter(Boolean),
            },
    },
  };
  return body as SettingsUpdate;
}

/**
 * Which control a server refusal is about: 'cinema.gstin: …' → 'cinema.gstin'; 'tax.ticketSlabs…'
 * → 'tax.ticketSlabs'. Null when it names none.
 */
export function fieldOfProblem(message: string): string | null {
  const match = /^((?:cinema|tax|cancellation|waitlist)\.\w+|reports\.dailyEmail)/.exec(message);
  return match ? match[1]! : null;
}

/** The words of the settings API for a tier's parts, as the form labels them. */
const tierWords: [RegExp, string][] = [
  [
    /each tier must start fewer minutesBefore than the one before/,
    'must start fewer minutes before the show than the tier above it',
  ],
  [/minutesBefore/g, 'minutes before the start'],
  [/refundPercent/g, 'refund (%)'],
];

/**
 * A refusal about one cancellation tier ('cancellation.tiers.1.minutesBefore: …'), in the form's
 * words: which tier (counted from 1, as the form shows them), which of its boxes, and what is wrong.
 * Null for a refusal about something else, or about the tiers as a whole.
 */
export function tierProblem(
  message: string,
): { index: number; part: 'minutesBefore' | 'refundPercent'; text: string } | null {
  const match = /^cancellation\.tiers\.(\d+)\.(minutesBefore|refundPercent): (.*)$/.exec(message);
  if (!match) return null;
  const index = Number(match[1]);
  const part = match[2] as 'minutesBefore' | 'refundPercent';
  let text = match[3]!;
  for (const [pattern, words] of tierWords) text = text.replace(pattern, words);
  return { index, part, text: `Tier ${index + 1}: ${text}` };
}
