import { Accessibility } from 'lucide-react';

interface WheelchairNoteProps {
  /** When anyone may book them, as the cinema's clock reads ("6:30 PM"). */
  releaseTime: string;
  needsWheelchair: boolean;
  onChange: (needsWheelchair: boolean) => void;
}

/** Why the wheelchair spaces and companion seats are held back, and the way to book one. */
export function WheelchairNote({ releaseTime, needsWheelchair, onChange }: WheelchairNoteProps) {
  return (
    <div className="rounded-lg border border-zinc-300 bg-zinc-50 p-3 text-sm dark:border-zinc-700 dark:bg-zinc-800/60">
      <p className="flex gap-2">
        <Accessibility aria-hidden className="mt-0.5 size-4 shrink-0" />
        <span>
          Wheelchair spaces and the companion seats beside them are held for wheelchair users until{' '}
          {releaseTime}; then anyone may book them. A wheelchair user books the space together with its
          companion seat.
        </span>
      </p>
      <label className="mt-2 flex min-h-10 items-center gap-2 font-medium">
        <input
          type="checkbox"
          checked={needsWheelchair}
          onChange={(event) => onChange(event.target.checked)}
          className="size-5 accent-green-700"
        />
        I need a wheelchair space
      </label>
    </div>
  );
}
