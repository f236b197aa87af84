/**
 * Cells a spreadsheet would run as a formula: =, +, - or @ first, also after white space it skips
 * (spaces, no-break spaces, line breaks), or a tab or CR first.
 */
const FORMULA = /^(?:[\t\r]|\s*[=+\-@])/;

/**
 * One CSV field (RFC 4180). Formula-like cells get a leading apostrophe, so a buyer named
 * "=HYPERLINK(…)" stays text.
 */
export function csvField(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && FORMULA.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRow(values: (string | number)[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}
