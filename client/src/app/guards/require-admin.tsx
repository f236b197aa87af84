import { useQueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { toast } from 'react-toastify/unstyled';
import { useIsAdmin } from '../../features/auth/api/is-admin.ts';
import { withRedirect } from '../../features/auth/redirect-target.ts';
import { sessionQueryKey, useSession } from '../../features/auth/use-session.ts';
import { ApiError } from '../../lib/api.ts';
import { AccessSpinner } from './access-spinner.tsx';

type Refusal = 'not-admin' | 'check-failed';

const refusalMessages: Record<Refusal, string> = {
  'not-admin': 'Not authorized',
  'check-failed': 'Error checking authorization',
};

/** Says why, then sends the visitor home (spec §6). */
function Refused({ reason }: { reason: Refusal }) {
  useEffect(() => {
    // The id keeps a repeated effect (React's strict mode) from showing the toast twice.
    toast.error(refusalMessages[reason], { toastId: reason });
  }, [reason]);
  return <Navigate to="/" replace />;
}

/** The admin area: the server decides who is an admin; the page only asks. */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { user, isPending } = useSession();
  const isAdmin = useIsAdmin(user?.id);
  const queryClient = useQueryClient();
  const { pathname, search } = useLocation();
  // The session ended since it was last read: the server's 401 is the truth.
  const sessionExpired = isAdmin.error instanceof ApiError && isAdmin.error.status === 401;

  useEffect(() => {
    if (sessionExpired) queryClient.setQueryData(sessionQueryKey, null);
  }, [sessionExpired, queryClient]);

  // A failed check is asked again on each visit; its old error must not decide meanwhile.
  const isChecking = isAdmin.isPending || (isAdmin.isError && isAdmin.isFetching);
  if (isPending || (user && isChecking)) return <AccessSpinner label="Checking access..." />;
  if (!user || sessionExpired) {
    const wanted = `${pathname}${search}`;
    return (
      <Navigate
        to={wanted === '/admin' ? '/admin/sign-in' : withRedirect('/admin/sign-in', wanted)}
        replace
      />
    );
  }
  if (isAdmin.isError) return <Refused reason="check-failed" />;
  if (!isAdmin.data) return <Refused reason="not-admin" />;
  return children;
}
