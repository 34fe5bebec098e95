import type { ReactElement } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { AppProviders, createQueryClient } from '@/app/providers';
import '@/i18n';

/** Renders routes in memory with the app's providers, starting at `path`. */
export function renderRoutes(
  routes: RouteObject[],
  path: string,
  queryClient: QueryClient = createQueryClient(),
) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const utils = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...utils, router, queryClient };
}

/** Renders one element at `path` with a placeholder for every other route. */
export function renderAt(element: ReactElement, path: string, otherPaths: string[] = []) {
  return renderRoutes(
    [
      { path, element },
      ...otherPaths.map((p) => ({ path: p, element: <div data-testid={`route:${p}`} /> })),
    ],
    path,
  );
}

/** A signed-in admin with the given roles, as the `adminUser` query returns it. */
export function adminWithRoles(...roles: string[]) {
  return {
    id: 1,
    userName: roles.includes('super_admin') ? 'super01' : 'reader01',
    email: roles.includes('super_admin') ? 'super@example.com' : 'reader@example.com',
    roles: roles.map((name) => ({ name, description: name })),
  };
}
