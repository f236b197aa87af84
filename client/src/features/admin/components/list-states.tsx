import { LoaderCircle } from 'lucide-react';

export function LoadingState({ label }: { label: string }) {
  return (
    <div
      role="status"
      className="flex items-center justify-center gap-3 py-16 text-zinc-600 dark:text-zinc-400"
    >
      <LoaderCircle aria-hidden className="size-6 animate-spin text-brand-700 dark:text-brand-400" />
      <span>{label}</span>
    </div>
  );
}

export function ErrorState({ message }: { message: string }) {
  return (
    <p
      role="alert"
      className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-red-800 dark:border-red-800 dark:bg-red-950/50 dark:text-red-200"
    >
      {message}
    </p>
  );
}

export function EmptyState({ title, detail }: { title: string; detail?: string }) {
  return (
    <div className="rounded-lg border border-dashed border-zinc-300 px-6 py-14 text-center dark:border-zinc-700">
      <h2 className="text-lg font-semibold">{title}</h2>
      {detail && <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{detail}</p>}
    </div>
  );
}
