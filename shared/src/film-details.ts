import { z } from 'zod';

/**
 * The certificates of the Central Board of Film Certification (Cinematograph (Amendment) Act,
 * 2023): the Rated field's choices in the admin forms. The API still takes any text there (the
 * spec's add form has no other validation), so an older film's 'PG-13' is kept as given.
 */
export const cbfcRatings = ['U', 'UA 7+', 'UA 13+', 'UA 16+', 'A'] as const;
export type CbfcRating = (typeof cbfcRatings)[number];

/** What each certificate means, for the form's hint and a card's accessible name. */
export const cbfcRatingMeanings: Record<CbfcRating, string> = {
  U: 'Unrestricted public exhibition',
  'UA 7+': 'Parental guidance for children under 7',
  'UA 13+': 'Parental guidance for children under 13',
  'UA 16+': 'Parental guidance for children under 16',
  A: 'Adults only',
};

/** The languages films are shown in here, the ones a buyer filters by. */
export const filmLanguages = [
  'Hindi',
  'English',
  'Tamil',
  'Telugu',
  'Malayalam',
  'Kannada',
  'Bengali',
  'Marathi',
  'Punjabi',
  'Gujarati',
  'Odia',
  'Assamese',
] as const;
export type FilmLanguage = (typeof filmLanguages)[number];

/** How a film is projected. */
export const filmFormats = ['2D', '3D', 'IMAX'] as const;
export type FilmFormat = (typeof filmFormats)[number];
export const DEFAULT_FILM_FORMAT: FilmFormat = '2D';

const byFolded = new Map(filmLanguages.map((name) => [name.toLowerCase(), name] as const));

/** The known language named by `text` ('hindi', ' Hindi '), or null. */
export function filmLanguageNamed(text: string): FilmLanguage | null {
  return byFolded.get(text.trim().toLowerCase()) ?? null;
}

/**
 * The known languages in the add form's free `Language` text ('Hindi, English'), in its order,
 * once each; words that are not a language here are left out.
 */
export function languagesFromText(text: string): FilmLanguage[] {
  const found = text.split(/[,/&]|\band\b/i).map(filmLanguageNamed);
  return [...new Set(found.filter((name): name is FilmLanguage => name !== null))];
}

export const filmLanguagesMessage = `Languages must be a list of: ${filmLanguages.join(', ')}`;
export const filmFormatMessage = `Format must be one of: ${filmFormats.join(', ')}`;

/** A film's languages: a list of known languages (any case), at least one, each once. */
export const filmLanguagesSchema = z
  .array(z.string({ message: filmLanguagesMessage }), { message: filmLanguagesMessage })
  .min(1, 'Give at least one language')
  .max(filmLanguages.length, filmLanguagesMessage)
  .transform((names, context) => {
    const known = names.map(filmLanguageNamed);
    const unknown = names.filter((_, i) => known[i] === null);
    if (unknown.length) {
      context.addIssue({
        code: 'custom',
        message: `Unknown language: ${unknown.slice(0, 3).join(', ').slice(0, 80)}. ${filmLanguagesMessage}`,
      });
      return z.NEVER;
    }
    return [...new Set(known as FilmLanguage[])];
  });

/** One of the formats, in any case ('imax' is IMAX). */
export const filmFormatSchema = z.string({ message: filmFormatMessage }).transform((text, context) => {
  const format = filmFormats.find((f) => f.toLowerCase() === text.trim().toLowerCase());
  if (!format) {
    context.addIssue({ code: 'custom', message: filmFormatMessage });
    return z.NEVER;
  }
  return format;
});

/** A show's language: one of the known languages (the film's own are checked by the server). */
export const showLanguageSchema = z.string({ message: filmLanguagesMessage }).transform((text, context) => {
  const language = filmLanguageNamed(text);
  if (!language) {
    context.addIssue({ code: 'custom', message: `Unknown language. ${filmLanguagesMessage}` });
    return z.NEVER;
  }
  return language;
});
