import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { signInPath, useSession } from '../../features/auth/use-session.ts';
import { AccessSpinner } from './access-spinner.tsx';

/** Pages for signed-in people: anyone else goes to /sign-in, which brings them back here after. */
export function RequireUser({ children }: { children: ReactNode }) {
  const { user, isPending } = useSession();
  const { pathname, search, hash } = useLocation();

  if (isPending) return <AccessSpinner label="Checking your sign-in..." />;
  if (!user) return <Navigate to={signInPath(`${pathname}${search}${hash}`)} replace />;
  return children;
}

/** RequireUser as a layout route, guarding every child route at once. */
export function RequireUserLayout() {
  return (
    <RequireUser>
      <Outlet />
    </RequireUser>
  );
}
