import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { AppProviders, createQueryClient } from '@/app/providers';
import '@/i18n';

/** Renders routes in memory with the app's providers, starting at `path`. */
export function renderRoutes(routes: RouteObject[], path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const utils = render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...utils, router };
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
