/** The spec's prompt for the step the visitor is on, or null once a show is chosen. */
export function schedulePrompt(date: string | null, showId: string | null): string | null {
  if (!date) return 'Please select a date to see available show times';
  if (!showId) return 'Please select a show time to continue';
  return null;
}
