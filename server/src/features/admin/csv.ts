/**
 * One CSV field (RFC 4180). Cells a spreadsheet would run as a formula (=, +, -, @, tab, CR at
 * the start) get a leading apostrophe, so a buyer named "=HYPERLINK(…)" stays text.
 */
export function csvField(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRow(values: (string | number)[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}
