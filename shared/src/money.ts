/** Rupees (as shown and sent over the API) from paise (as stored). */
export function paiseToRupees(paise: number): number {
  return paise / 100;
}

/** Paise from rupees, refusing anything finer than a paisa. */
export function rupeesToPaise(rupees: number): number {
  const paise = Math.round(rupees * 100);
  if (Math.abs(paise - rupees * 100) > 1e-6) throw new RangeError('Amounts are whole paise');
  return paise;
}

const indian = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 });

/** '₹1,23,456' — rupees in the Indian digit grouping. */
export function formatRupees(rupees: number): string {
  return `₹${indian.format(rupees)}`;
}
