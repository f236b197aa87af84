/** Rupees (as shown and sent over the API) from paise (as stored). */
export function paiseToRupees(paise: number): number {
  return paise / 100;
}

/** Class prices as the API answers them (class → rupees) from the stored class → paise. */
export function pricesInRupees(prices: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.entries(prices).map(([cls, paise]) => [cls, paiseToRupees(paise)]));
}

/** Paise from rupees, refusing anything finer than a paisa. */
export function rupeesToPaise(rupees: number): number {
  const paise = Math.round(rupees * 100);
  if (Math.abs(paise - rupees * 100) > 1e-6) throw new RangeError('Amounts are whole paise');
  return paise;
}

/** An amount in paise as every screen shows it (formatRupees): the one way paise reach the eye. */
export function formatPaise(paise: number): string {
  return formatRupees(paiseToRupees(paise));
}

const wholeRupees = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });
const withPaise = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * Money as every screen shows it, in the Indian digit grouping: '₹1,23,456' when whole, and
 * always two decimals when there are paise ('₹199.50', never '₹199.5'). The one formatter for
 * amounts in the app. `accounts`: two decimals always ('₹1,483.00'), for columns of tax figures
 * read against each other.
 */
export function formatRupees(rupees: number, form: 'short' | 'accounts' = 'short'): string {
  const isWhole = form === 'short' && Math.round(rupees * 100) % 100 === 0;
  const amount = (isWhole ? wholeRupees : withPaise).format(Math.abs(rupees));
  // Less than nothing (a cash-up short of its float, a variance) is '−₹998', the minus sign first.
  return rupees < 0 ? `−₹${amount}` : `₹${amount}`;
}
