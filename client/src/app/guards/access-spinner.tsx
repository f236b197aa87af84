import { LoaderCircle } from 'lucide-react';

/** What a guarded page shows while it finds out who is asking. */
export function AccessSpinner({ label }: { label: string }) {
  return (
    <div role="status" className="flex min-h-[40vh] flex-col items-center justify-center gap-3">
      <LoaderCircle aria-hidden className="size-8 animate-spin text-brand-700 dark:text-brand-400" />
      <p className="text-sm text-zinc-600 dark:text-zinc-400">{label}</p>
    </div>
  );
}
