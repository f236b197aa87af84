import { toZonedParts } from '@marquee/shared';
import type { FastifyReply } from 'fastify';

/**
 * Cells a spreadsheet would run as a formula: =, +, - or @ first, also after white space it skips
 * (spaces, no-break spaces, line breaks), or a tab or CR first.
 */
const FORMULA = /^(?:[\t\r]|\s*[=+\-@])/;
/** An amount written as text (`-12.50`, a credit note's share): a number, not a formula. */
const AMOUNT = /^-?\d+(?:\.\d+)?$/;

/**
 * One CSV field (RFC 4180). Formula-like cells get a leading apostrophe, so a buyer named
 * "=HYPERLINK(…)" stays text.
 */
export function csvField(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && FORMULA.test(text) && !AMOUNT.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRow(values: (string | number)[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}

/**
 * Answers a CSV download: UTF-8 with a byte-order mark (so a spreadsheet reads ₹ and names in any
 * script), saved as `filename`, never cached (it holds takings and buyers' names).
 */
export function sendCsv(reply: FastifyReply, filename: string, body: string) {
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store')
    .send(`\uFEFF${body}`);
}

/**
 * An instant as the cinema's wall clock reads it, in a form spreadsheets sort and parse:
 * '2026-11-27 19:05'. Every time in a file is on this clock, and its headers say so.
 */
export function csvTime(iso: string | null, timeZone: string): string {
  if (!iso) return '';
  const { date, minutes } = toZonedParts(new Date(iso), timeZone);
  const hh = String(Math.floor(minutes / 60)).padStart(2, '0');
  return `${date} ${hh}:${String(minutes % 60).padStart(2, '0')}`;
}
