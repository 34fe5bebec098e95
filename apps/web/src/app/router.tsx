import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { LazyErrorPage } from './lazy-error-page';
import { AppLayout } from './app-layout';
import { RequireAuth } from './require-auth';
import { RequireRole } from './require-role';
import { InitialLoading, RootShell, RouteError } from './root-shell';
import { APP_ROUTES } from './routes';

/** The route objects: /login, then the signed-in pages of the route table inside the layout. */
export function createRoutes(): RouteObject[] {
  const pages: RouteObject[] = APP_ROUTES.map((route) =>
    route.role
      ? {
          path: route.path,
          element: <RequireRole role={route.role} />,
          errorElement: <RouteError />,
          children: [{ index: true, lazy: route.load }],
        }
      : { path: route.path, lazy: route.load, errorElement: <RouteError /> },
  );
  return [
    {
      element: <RootShell />,
      errorElement: <RouteError />,
      HydrateFallback: InitialLoading,
      children: [
        {
          path: '/login',
          lazy: () =>
            import('@/features/auth/components/login-page').then((m) => ({
              Component: m.LoginPage,
            })),
        },
        {
          element: <RequireAuth />,
          children: [
            {
              element: <AppLayout />,
              children: [
                { index: true, element: <Navigate to="/common/dashboard" replace /> },
                ...pages,
                { path: '*', element: <LazyErrorPage status={404} /> },
              ],
            },
          ],
        },
      ],
    },
  ];
}

/** Every route of spec section 2, in history mode. */
export function createRouter() {
  return createBrowserRouter(createRoutes());
}
