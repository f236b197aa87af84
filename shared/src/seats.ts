/** Seats per row on every seat map (CONTRACT §4). */
export const SEATS_PER_ROW = 12;
/** Most seats one booking may hold (spec §9). */
export const MAX_SEATS_PER_BOOKING = 8;
/** Seats of the spec's A–H × 12 hall, used by the sample catalogue. */
export const STANDARD_HALL_SEATS = 96;
/** Highest total seats a show may have (spec §5: input maximum 500). */
export const MAX_TOTAL_SEATS = 500;

/** Row letters A…Z, then AA, AB, … so that 500 seats (42 rows) still have names. */
export function rowLabel(index: number): string {
  let label = '';
  let n = index;
  do {
    label = String.fromCharCode(65 + (n % 26)) + label;
    n = Math.floor(n / 26) - 1;
  } while (n >= 0);
  return label;
}

export interface SeatRow {
  row: string;
  seats: string[];
}

/** The seat map of a show: rows of 12, lettered, the last row possibly short. */
export function seatLayout(totalSeats: number): SeatRow[] {
  const rows: SeatRow[] = [];
  for (let start = 0, index = 0; start < totalSeats; start += SEATS_PER_ROW, index++) {
    const row = rowLabel(index);
    const count = Math.min(SEATS_PER_ROW, totalSeats - start);
    rows.push({ row, seats: Array.from({ length: count }, (_, i) => `${row}${i + 1}`) });
  }
  return rows;
}

/** The seat-id grammar: a row of one or two letters (A … Z, AA … AP), then a number from 1. */
const SEAT_ID = /^([A-Z]{1,2})([1-9]\d?)$/;

/** True when `text` is spelled like a seat id (whether a given map has that seat is another question). */
export const isSeatId = (text: string): boolean => SEAT_ID.test(text);

function rowIndex(label: string): number {
  let n = 0;
  for (const ch of label) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n - 1;
}

/** The 0-based position of a seat on any map (A1 is 0, B1 is 12), or -1 for no seat id. */
export function seatIndex(seatId: string): number {
  const match = SEAT_ID.exec(seatId);
  if (!match) return -1;
  const number = Number(match[2]);
  if (number > SEATS_PER_ROW) return -1;
  return rowIndex(match[1]!) * SEATS_PER_ROW + number - 1;
}

/** Orders seat ids the way a person reads the map: by row, then by number. */
export function compareSeats(a: string, b: string): number {
  const ma = SEAT_ID.exec(a);
  const mb = SEAT_ID.exec(b);
  if (!ma || !mb) return a < b ? -1 : a > b ? 1 : 0;
  return rowIndex(ma[1]!) - rowIndex(mb[1]!) || Number(ma[2]) - Number(mb[2]);
}
