/**
 * The door shows a buyer's mobile number by its last four digits only (someone behind the guest
 * can read the screen); the whole number is only in the Call link's `tel:` address.
 */
export function lastFourDigits(phone: string): string {
  return phone.replace(/\D/g, '').slice(-4);
}

/** The `tel:` address that dials the number as kept (+91…), digits and a leading + only. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}
