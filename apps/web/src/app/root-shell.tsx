import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, isRouteErrorResponse, useRouteError } from 'react-router';
import { ProgressBar } from '@/components/progress-bar';
import { LoadingBar } from '@/components/loading-bar';
import { isChunkLoadError, reloadForNewChunks } from '@/lib/chunk-reload';
import { useFeedback } from '@/lib/feedback';
import { LazyErrorPage } from './lazy-error-page';

// Toasts and the auth dialog are rare; their code loads when first needed, keeping the
// first load small.
const FeedbackHost = lazy(() =>
  import('@/components/feedback-host').then((m) => ({ default: m.FeedbackHost })),
);
const AuthExpiredDialog = lazy(() =>
  import('./auth-expired-dialog').then((m) => ({ default: m.AuthExpiredDialog })),
);

/** Around every route: loading bar, toasts and the auth dialog. */
export function RootShell() {
  const { used, authExpired } = useFeedback();
  return (
    <>
      <LoadingBar />
      <Outlet />
      <Suspense fallback={null}>
        {used && <FeedbackHost />}
        {authExpired && <AuthExpiredDialog />}
      </Suspense>
    </>
  );
}

/** Shown while the first route's code loads. */
export function InitialLoading() {
  const { t } = useTranslation();
  return <ProgressBar label={t('app.loading')} />;
}

/**
 * A route's error boundary: a failed chunk load reloads the page (at most once a minute),
 * a 404 response shows the 404 page, anything else the 500 page (spec section 8).
 */
export function RouteError() {
  const error = useRouteError();
  const chunkError = isChunkLoadError(error);
  useEffect(() => {
    if (chunkError) reloadForNewChunks();
  }, [chunkError]);
  if (isRouteErrorResponse(error) && error.status === 404) return <LazyErrorPage status={404} />;
  if (isRouteErrorResponse(error) && error.status === 403) return <LazyErrorPage status={403} />;
  return <LazyErrorPage status={500} />;
}
