import { describeCancellationPolicy } from '@marquee/shared';
import { useCancellationTiers, useCinemaTimeZone } from '../../lib/cinema-config.ts';

/**
 * The cancellation policy for one show, in words (CONTRACT §13): "Cancellation: Full refund until
 * 5:30 PM, half until 7:00 PM; no cancellation after that." The booking's details, the payment
 * page and the ticket all say it this one way (shared/src/cancellation.ts writes the words).
 */
export function CancellationPolicy({ startsAt, className = '' }: { startsAt: string; className?: string }) {
  const tiers = useCancellationTiers();
  const timeZone = useCinemaTimeZone();
  if (!tiers) return null;
  return (
    <p className={`text-sm text-zinc-700 dark:text-zinc-300 ${className}`}>
      <span className="font-medium">Cancellation:</span>{' '}
      {describeCancellationPolicy(tiers, startsAt, timeZone)}
    </p>
  );
}
