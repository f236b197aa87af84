/**
 * How the detail page words a film's language and cast. OMDb-style data says 'None' for a film
 * without dialogue or credited actors, which reads as missing data: say what it means instead.
 */
const noneValues = new Set(['none', 'n/a', '']);

/** 'English', 'No dialogue' for a film without speech, 'N/A' when unknown. */
export function languageText(language: string | undefined): string {
  const value = language?.trim() ?? '';
  if (value.toLowerCase() === 'none') return 'No dialogue';
  return value || 'N/A';
}

/** The cast, or null when the film credits none (the detail page then leaves the row out). */
export function castText(actors: string | undefined): string | null {
  const value = actors?.trim() ?? '';
  return noneValues.has(value.toLowerCase()) ? null : value;
}
