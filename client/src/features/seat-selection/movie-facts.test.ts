import { describe, expect, it } from 'vitest';
import { castText, languageText } from './movie-facts.ts';

describe('movie facts on the detail page', () => {
  it("says 'No dialogue' for a film whose language is None, N/A when unknown", () => {
    expect(languageText('None')).toBe('No dialogue');
    expect(languageText('none ')).toBe('No dialogue');
    expect(languageText('English, Hindi')).toBe('English, Hindi');
    expect(languageText('No dialogue')).toBe('No dialogue');
    expect(languageText('')).toBe('N/A');
    expect(languageText(undefined)).toBe('N/A');
  });

  it('leaves the cast out when there is none, rather than printing None', () => {
    expect(castText('None')).toBeNull();
    expect(castText('N/A')).toBeNull();
    expect(castText('')).toBeNull();
    expect(castText('Halina Reijn, Thom Hoffman')).toBe('Halina Reijn, Thom Hoffman');
  });
});
