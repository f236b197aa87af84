import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
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
        path: '*',
        lazy: () => import('./routes/not-found.tsx').then((m) => ({ Component: m.NotFoundRoute })),
      },
    ],
  },
]);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
