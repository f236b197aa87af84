import { Outlet, ScrollRestoration } from 'react-router';
import { RequireAdmin } from '../../guards/require-admin.tsx';
import { AdminSidebar } from './admin-sidebar.tsx';

/** The admin area's own frame (no public header): sidebar and the page beside it. */
export function AdminLayout() {
  return (
    <RequireAdmin>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:text-zinc-900"
      >
        Skip to content
      </a>
      <div className="flex min-h-dvh">
        <AdminSidebar />
        <main id="main" className="min-w-0 flex-1 px-4 py-8 sm:px-6 lg:px-10">
          <Outlet />
        </main>
      </div>
      <ScrollRestoration />
    </RequireAdmin>
  );
}
