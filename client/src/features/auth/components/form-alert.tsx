/**
 * Where a form's error appears. The region is always in the page so screen readers announce a
 * message the moment it is filled in.
 */
export function FormAlert({ message }: { message: string | null | undefined }) {
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
