import { Hourglass } from 'lucide-react';
import { describeCountdown, formatCountdown } from '../countdown.ts';

interface TimeLeftProps {
  ms: number;
  /** Speak the time left now and then through a polite live region (the payment page). */
  announce?: boolean;
  size?: 'small' | 'large';
}

/** The time left to pay, counting down. The ticking digits are not read out every second. */
export function TimeLeft({ ms, announce = false, size = 'small' }: TimeLeftProps) {
  const isLarge = size === 'large';
  return (
    <div className={isLarge ? 'text-center' : 'flex items-center gap-1.5 text-sm'}>
      {!isLarge && <Hourglass aria-hidden className="size-4 text-amber-700 dark:text-amber-400" />}
      <span
        className={
          isLarge
            ? 'block text-sm font-medium text-zinc-600 dark:text-zinc-400'
            : 'text-zinc-700 dark:text-zinc-300'
        }
      >
        Time left
      </span>{' '}
      <span
        role="timer"
        aria-label={`Time left: ${describeCountdown(ms)}`}
        className={`font-bold tabular-nums ${
          isLarge
            ? 'block text-4xl tracking-tight text-amber-800 dark:text-amber-300'
            : 'text-amber-800 dark:text-amber-300'
        }`}
      >
        {formatCountdown(ms)}
      </span>
      {announce && (
        <span aria-live="polite" className="sr-only">
          {ms > 0 ? `${describeCountdown(ms)} left to pay` : 'Time is up'}
        </span>
      )}
    </div>
  );
}
