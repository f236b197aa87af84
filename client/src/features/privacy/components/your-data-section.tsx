import { Download, Trash2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { buttonClassName } from '../../../components/ui/button.ts';
import { dataExportUrl, useDeleteAccount } from '../api/delete-account.ts';

const dangerButton =
  'inline-flex items-center justify-center gap-2 rounded-md bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700 disabled:cursor-not-allowed disabled:opacity-60 dark:bg-red-600 dark:hover:bg-red-700';

/**
 * The buyer's rights over their data (the Digital Personal Data Protection Act, 2023; docs/privacy.md):
 * a copy of everything the cinema holds, and deleting the account, confirmed with the password.
 */
export function YourDataSection() {
  const id = useId();
  const [isConfirming, setIsConfirming] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const deleteAccount = useDeleteAccount();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const password = String(new FormData(event.currentTarget).get('password'));
    setProblem(password ? null : 'Please enter your password to confirm');
    if (password) deleteAccount.mutate({ password });
  }
  const message = problem ?? deleteAccount.error?.message;

  return (
    <div className="flex flex-col gap-5 text-sm">
      <div>
        <p className="text-zinc-700 dark:text-zinc-300">
          A copy of everything we hold about you: your account, bookings, favourites, waiting-list places and
          tax invoices, as a JSON file.
        </p>
        <a href={dataExportUrl} download className={buttonClassName('secondary', 'mt-3')}>
          <Download aria-hidden className="size-4" />
          Download my data
        </a>
      </div>
      <div className="border-t border-zinc-200 pt-5 dark:border-zinc-800">
        <h3 className="font-semibold">Delete my account</h3>
        <p className="mt-1 text-zinc-700 dark:text-zinc-300">
          Your name, email, mobile number, favourites and waiting-list places are deleted and you are signed
          out everywhere. Seats you are holding are released. Paid bookings and their tax invoices are kept,
          as the law requires, without your name. While you have paid bookings for shows still to come, cancel
          them first or wait until after the shows.
        </p>
        {!isConfirming ? (
          <button
            type="button"
            onClick={() => setIsConfirming(true)}
            className={buttonClassName('secondary', 'mt-3')}
          >
            <Trash2 aria-hidden className="size-4" />
            Delete my account…
          </button>
        ) : (
          <form onSubmit={handleSubmit} noValidate className="mt-3 flex flex-col gap-3">
            <div
              role="alert"
              className={
                message
                  ? 'rounded-md border border-red-300 bg-red-50 px-3 py-2 text-red-800 dark:border-red-800 dark:bg-red-950/50 dark:text-red-200'
                  : 'sr-only'
              }
            >
              {message}
            </div>
            <div className="flex flex-col gap-1.5">
              <label htmlFor={`${id}-password`} className="font-medium text-zinc-800 dark:text-zinc-200">
                Your password, to confirm
              </label>
              <input
                id={`${id}-password`}
                name="password"
                type="password"
                autoComplete="current-password"
                required
                // Opened on purpose by the button just pressed: the next thing to do is type here.
                autoFocus
                className="w-full rounded-md border border-zinc-300 bg-white px-3 py-2 text-zinc-900 shadow-xs focus:border-brand-600 focus:outline-2 focus:outline-offset-0 focus:outline-brand-600 dark:border-zinc-700 dark:bg-zinc-950 dark:text-zinc-100"
              />
            </div>
            <div className="flex flex-wrap gap-2">
              <button type="submit" disabled={deleteAccount.isPending} className={dangerButton}>
                {deleteAccount.isPending ? 'Deleting…' : 'Delete my account permanently'}
              </button>
              <button
                type="button"
                onClick={() => {
                  setIsConfirming(false);
                  setProblem(null);
                  deleteAccount.reset();
                }}
                className={buttonClassName('ghost')}
              >
                Keep my account
              </button>
            </div>
          </form>
        )}
      </div>
    </div>
  );
}
