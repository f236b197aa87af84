import { useSyncExternalStore } from 'react';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { Toaster } from '../components/ui/toaster.tsx';
import { doorShowsQueryOptions } from '../features/door/door-api.ts';
import { sessionQueryOptions } from '../features/auth/use-session.ts';
import { cinemaConfigQueryOptions } from '../lib/cinema-config.ts';
import { queryClient } from '../lib/query-client.ts';
import { useTheme } from '../lib/theme.ts';
import { RootLayout } from './root-layout.tsx';
import { RouteError } from './route-error.tsx';
import { HomeRoute } from './routes/home.tsx';

// Home is the landing page, so it ships in the entry chunk; every other page loads on demand.
const router = createBrowserRouter([
  {
    Component: RootLayout,
    ErrorBoundary: RouteError,
    // Shown only while the first page's code loads when someone arrives on a lazy route.
    HydrateFallback: () => null,
    children: [
      { index: true, Component: HomeRoute },
      {
        path: 'movies',
        lazy: () => import('./routes/movies.tsx').then((m) => ({ Component: m.MoviesRoute })),
      },
      {
        path: 'booking/:id',
        lazy: () => import('./routes/booking.tsx').then((m) => ({ Component: m.BookingRoute })),
      },
      {
        path: 'book/:slug',
        lazy: () => import('./routes/book-by-slug.tsx').then((m) => ({ Component: m.BookBySlugRoute })),
      },
      {
        // The spec's other spelling: unguarded, so a signed-out visitor reads "Please sign in…".
        path: 'mybooking',
        lazy: () => import('./routes/my-bookings.tsx').then((m) => ({ Component: m.MyBookingsRoute })),
      },
      {
        path: 'loading',
        lazy: () => import('./routes/loading.tsx').then((m) => ({ Component: m.LoadingRoute })),
      },
      {
        path: 'sign-in',
        lazy: () => import('./routes/sign-in.tsx').then((m) => ({ Component: m.SignInRoute })),
      },
      {
        path: 'sign-up',
        lazy: () => import('./routes/sign-up.tsx').then((m) => ({ Component: m.SignUpRoute })),
      },
      {
        path: 'forgot-password',
        lazy: () => import('./routes/password-reset.tsx').then((m) => ({ Component: m.ForgotPasswordRoute })),
      },
      {
        path: 'reset-password',
        lazy: () => import('./routes/password-reset.tsx').then((m) => ({ Component: m.ResetPasswordRoute })),
      },
      {
        // A shared ticket (CONTRACT §6): the link is the key, no account needed.
        path: 'share/:token',
        lazy: () => import('./routes/shared-ticket.tsx').then((m) => ({ Component: m.SharedTicketRoute })),
      },
      {
        path: 'admin/sign-in',
        lazy: () => import('./routes/admin-sign-in.tsx').then((m) => ({ Component: m.AdminSignInRoute })),
      },
      {
        // Signed-in pages: anyone else is sent to /sign-in and brought back afterwards. The
        // session is asked for while the guard's code loads, not after.
        lazy: () => {
          void queryClient.prefetchQuery(sessionQueryOptions());
          return import('./guards/require-user.tsx').then((m) => ({ Component: m.RequireUserLayout }));
        },
        children: [
          {
            path: 'favourites',
            lazy: () => import('./routes/favourites.tsx').then((m) => ({ Component: m.FavouritesRoute })),
          },
          {
            path: 'profile',
            lazy: () => import('./routes/profile.tsx').then((m) => ({ Component: m.ProfileRoute })),
          },
          {
            path: 'mybookings',
            lazy: () => import('./routes/my-bookings.tsx').then((m) => ({ Component: m.MyBookingsRoute })),
          },
          {
            path: 'mybookings/:id/change',
            lazy: () =>
              import('./routes/change-booking.tsx').then((m) => ({ Component: m.ChangeBookingRoute })),
          },
          {
            path: 'tickets/:id',
            lazy: () => import('./routes/ticket.tsx').then((m) => ({ Component: m.TicketRoute })),
          },
          {
            path: 'invoices/:id',
            lazy: () => import('./routes/invoice.tsx').then((m) => ({ Component: m.InvoiceRoute })),
          },
          {
            // The door: staff scan tickets and see today's shows (the server refuses anyone else).
            path: 'door',
            // Its data is asked for while its code downloads (issue 34: the door's first load on a phone).
            lazy: () => {
              void queryClient.prefetchQuery(cinemaConfigQueryOptions());
              void queryClient.prefetchQuery(doorShowsQueryOptions());
              return import('./routes/door.tsx').then((m) => ({ Component: m.DoorRoute }));
            },
          },
          {
            // The box office (CONTRACT §11): the counter, its receipts and its cash-ups.
            path: 'boxoffice',
            lazy: () => import('./routes/boxoffice.tsx').then((m) => ({ Component: m.BoxOfficeRoute })),
          },
          {
            path: 'boxoffice/receipts/:id',
            lazy: () => import('./routes/boxoffice.tsx').then((m) => ({ Component: m.ReceiptRoute })),
          },
          {
            path: 'boxoffice/shifts/:id',
            lazy: () => import('./routes/boxoffice.tsx').then((m) => ({ Component: m.ShiftReportRoute })),
          },
          {
            // The sandbox gateway's payment page: the url POST /api/bookings/create answers with.
            path: 'pay/:paymentId',
            lazy: () => import('./routes/pay.tsx').then((m) => ({ Component: m.PayRoute })),
          },
        ],
      },
      {
        path: '*',
        lazy: () => import('./routes/not-found.tsx').then((m) => ({ Component: m.NotFoundRoute })),
      },
    ],
  },
  {
    // The admin area has its own frame (sidebar, no public header) behind RequireAdmin.
    path: 'admin',
    ErrorBoundary: RouteError,
    HydrateFallback: () => null,
    lazy: () => import('./routes/admin/admin-layout.tsx').then((m) => ({ Component: m.AdminLayout })),
    children: [
      {
        index: true,
        lazy: () =>
          import('./routes/admin/dashboard.tsx').then((m) => ({ Component: m.AdminDashboardRoute })),
      },
      {
        path: 'movies',
        lazy: () => import('./routes/admin/movies.tsx').then((m) => ({ Component: m.AdminMoviesRoute })),
      },
      {
        path: 'add-movie',
        lazy: () => import('./routes/admin/add-movie.tsx').then((m) => ({ Component: m.AdminAddMovieRoute })),
      },
      {
        path: 'add-show',
        lazy: () => import('./routes/admin/add-show.tsx').then((m) => ({ Component: m.AdminAddShowRoute })),
      },
      {
        path: 'screens',
        lazy: () => import('./routes/admin/screens.tsx').then((m) => ({ Component: m.AdminScreensRoute })),
      },
      {
        path: 'all-shows',
        lazy: () => import('./routes/admin/all-shows.tsx').then((m) => ({ Component: m.AdminShowsRoute })),
      },
      {
        path: 'bookings',
        lazy: () => import('./routes/admin/bookings.tsx').then((m) => ({ Component: m.AdminBookingsRoute })),
      },
      {
        path: 'users',
        lazy: () => import('./routes/admin/users.tsx').then((m) => ({ Component: m.AdminUsersRoute })),
      },
      {
        path: 'refunds',
        lazy: () => import('./routes/admin/refunds.tsx').then((m) => ({ Component: m.AdminRefundsRoute })),
      },
      {
        path: 'shifts',
        lazy: () => import('./routes/admin/shifts.tsx').then((m) => ({ Component: m.AdminShiftsRoute })),
      },
      {
        path: 'audit',
        lazy: () => import('./routes/admin/audit.tsx').then((m) => ({ Component: m.AdminAuditRoute })),
      },
      {
        path: 'menu',
        lazy: () => import('./routes/admin/menu.tsx').then((m) => ({ Component: m.AdminMenuRoute })),
      },
      {
        path: 'reports/daily',
        lazy: () =>
          import('./routes/admin/reports-daily.tsx').then((m) => ({ Component: m.AdminDailyReportRoute })),
      },
      {
        path: 'reports/films',
        lazy: () =>
          import('./routes/admin/reports-films.tsx').then((m) => ({ Component: m.AdminFilmsReportRoute })),
      },
      {
        path: 'reports/gst',
        lazy: () =>
          import('./routes/admin/reports-gst.tsx').then((m) => ({ Component: m.AdminGstReportRoute })),
      },
      {
        path: 'settings',
        lazy: () => import('./routes/admin/settings.tsx').then((m) => ({ Component: m.AdminSettingsRoute })),
      },
      {
        path: '*',
        lazy: () => import('./routes/not-found.tsx').then((m) => ({ Component: m.NotFoundRoute })),
      },
    ],
  },
]);

// Every toast is raised by code of a page other than home (booking, favourites, profile, admin),
// so the notification library waits until the visitor first reaches one of those.
const isAwayFromHome = () => router.state.location.pathname !== '/';
const subscribeToRouter = (listener: () => void) => router.subscribe(listener);

export function AppRouter() {
  const theme = useTheme();
  const isToasterNeeded = useSyncExternalStore(subscribeToRouter, isAwayFromHome);
  return (
    <>
      <RouterProvider router={router} />
      <Toaster theme={theme} isNeeded={isToasterNeeded} />
    </>
  );
}
