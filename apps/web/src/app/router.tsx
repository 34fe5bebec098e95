import { createBrowserRouter, Navigate } from 'react-router';
import { LoginPage } from '@/features/auth/components/login-page';
import { DashboardPage } from '@/features/dashboard/components/dashboard-page';
import { AppLayout } from './app-layout';
import { RequireAuth } from './require-auth';

/** Every route of spec section 2, in history mode. */
export function createRouter() {
  return createBrowserRouter([
    { path: '/login', element: <LoginPage /> },
    {
      element: <RequireAuth />,
      children: [
        {
          element: <AppLayout />,
          children: [
            { index: true, element: <Navigate to="/common/dashboard" replace /> },
            { path: '/common/dashboard', element: <DashboardPage /> },
            { path: '*', element: <Navigate to="/common/dashboard" replace /> },
          ],
        },
      ],
    },
  ]);
}
