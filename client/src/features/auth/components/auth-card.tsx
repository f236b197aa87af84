import type { ReactNode } from 'react';

interface AuthCardProps {
  title: string;
  subtitle?: string;
  children: ReactNode;
  footer?: ReactNode;
}

/** The frame the sign-in and sign-up screens share. */
export function AuthCard({ title, subtitle, children, footer }: AuthCardProps) {
  return (
    <section className="mx-auto w-full max-w-md py-4 sm:py-10">
      <title>{`${title} — Marquee`}</title>
      <div className="rounded-xl border border-zinc-200 bg-white p-6 shadow-sm sm:p-8 dark:border-zinc-800 dark:bg-zinc-900">
        <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        {subtitle && <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{subtitle}</p>}
        <div className="mt-6">{children}</div>
      </div>
      {footer && <div className="mt-6 text-center text-sm text-zinc-700 dark:text-zinc-300">{footer}</div>}
    </section>
  );
}
