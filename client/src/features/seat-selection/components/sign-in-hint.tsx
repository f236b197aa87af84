import { LogIn } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClassName } from '../../../components/ui/button.ts';

/** For a signed-out visitor: seats are visible, booking needs an account. */
export function SignInHint({ signInHref }: { signInHref: string }) {
  return (
    <div className="flex flex-col gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 sm:flex-row sm:items-center sm:justify-between dark:border-amber-700/60 dark:bg-amber-950/40">
      <p className="text-sm font-medium text-amber-950 dark:text-amber-100">
        You can view seats but need to login to book tickets
      </p>
      <Link to={signInHref} className={buttonClassName('primary', 'shrink-0')}>
        <LogIn aria-hidden className="size-4" />
        Login Now
      </Link>
    </div>
  );
}
