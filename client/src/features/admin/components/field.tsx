import { useId, type ReactNode } from 'react';

const controlClassName =
  'w-full rounded-md border border-zinc-300 bg-white px-3 py-2 text-zinc-900 shadow-xs focus:border-brand-600 focus:outline-2 focus:outline-offset-0 focus:outline-brand-600 aria-invalid:border-red-600 dark:border-zinc-700 dark:bg-zinc-950 dark:text-zinc-100 dark:focus:border-brand-400 dark:focus:outline-brand-400 dark:aria-invalid:border-red-400';

/** Inputs and selects: one height, so controls side by side line up whatever their type. */
export const inputClassName = `${controlClassName} h-10`;
export const textareaClassName = controlClassName;

export interface ControlProps {
  id: string;
  'aria-describedby': string | undefined;
  'aria-invalid': true | undefined;
}

interface FieldProps {
  label: ReactNode;
  /** Shown under the control and read out with it; replaced by nothing when there is none. */
  error?: string | undefined;
  hint?: ReactNode;
  className?: string;
  /** Draws the control with the ids that tie it to its label, hint and error. */
  children: (control: ControlProps) => ReactNode;
}

/** A labelled form control whose hint and error are read out with it (aria-describedby). */
export function Field({ label, error, hint, className = '', children }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;

  return (
    <div className={`flex flex-col gap-1.5 ${className}`}>
      <label htmlFor={id} className="text-sm font-medium text-zinc-800 dark:text-zinc-200">
        {label}
      </label>
      {children({ id, 'aria-describedby': describedBy, 'aria-invalid': error ? true : undefined })}
      {error && (
        <p id={errorId} className="text-sm font-medium text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
      {hint && (
        <p id={hintId} className="text-xs text-zinc-600 dark:text-zinc-400">
          {hint}
        </p>
      )}
    </div>
  );
}

/** Moves the focus to a form's control by name (the first field in error, say). */
export function focusControl(form: HTMLFormElement | null, name: string): void {
  const control = form?.elements.namedItem(name);
  if (control instanceof HTMLElement) control.focus();
}

/** A form-wide message (a server refusal); always in the page so it is announced when filled in. */
export function FormMessage({ message }: { message: string | undefined }) {
  return (
    <div
      role="alert"
      className={
        message
          ? 'rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-800 dark:bg-red-950/50 dark:text-red-200'
          : 'sr-only'
      }
    >
      {message}
    </div>
  );
}
