import { describe, expect, it } from 'vitest';
import { csvField, csvRow } from './csv.ts';

describe('CSV export', () => {
  it('quotes fields with commas, quotes and line breaks', () => {
    expect(csvField('A1, A2')).toBe('"A1, A2"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('plain')).toBe('plain');
    expect(csvField(1234.5)).toBe('1234.5');
  });

  it('keeps formulas from running in a spreadsheet', () => {
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('+91 98')).toBe("'+91 98");
    expect(csvField('@cmd')).toBe("'@cmd");
    expect(csvField(-5)).toBe('-5');
    // An amount written as text is a number (a GST report's rate short of its credit notes).
    expect(csvField('-12.50')).toBe('-12.50');
    expect(csvField('-1+HYPERLINK("x")')).toMatch(/^"'/);
  });

  it('keeps formulas behind leading spaces, no-break spaces and line breaks from running too', () => {
    // Spreadsheets skip leading white space before reading a cell as a formula.
    for (const lead of [' ', '\u00a0', '\n', '\r\n', '\t', ' \t\u00a0 ', '\u2007', '\u3000']) {
      for (const start of ['=', '+', '-', '@']) {
        const cell = `${lead}${start}HYPERLINK("x")`;
        expect(csvField(cell).replace(/^"/, ''), JSON.stringify(cell)).toMatch(/^'/);
      }
    }
    expect(csvField(' plain')).toBe('" plain"');
    expect(csvField('\u00a0Asha')).toBe('"\u00a0Asha"');
  });

  it('ends rows with CRLF', () => {
    expect(csvRow(['a', 'b,c', 3])).toBe('a,"b,c",3\r\n');
  });
});
