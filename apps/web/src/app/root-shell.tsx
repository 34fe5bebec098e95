import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, isRouteErrorResponse, useRouteError } from 'react-router';
import { ProgressBar } from '@/components/progress-bar';
import { LoadingBar } from '@/components/loading-bar';
import { isChunkLoadError, reloadForNewChunks } from '@/lib/chunk-reload';
import { useFeedback } from '@/lib/feedback';
import { LazyErrorPage } from './lazy-error-page';

// Toasts and the auth dialog are rare; their code stays out of the first load. It is fetched
// a little after the first page settles, not when first needed: "Server error!" must show
// when the server is gone, and then its code could not be fetched from it.
const loadFeedbackHost = () => import('@/components/feedback-host');
const loadAuthExpiredDialog = () => import('./auth-expired-dialog');
const FeedbackHost = lazy(() => loadFeedbackHost().then((m) => ({ default: m.FeedbackHost })));
const AuthExpiredDialog = lazy(() =>
  loadAuthExpiredDialog().then((m) => ({ default: m.AuthExpiredDialog })),
);
/** After the first page's own loading (its chunks and data), so it adds nothing to it. */
const PREFETCH_AFTER_MS = 5_000;

/** Around every route: loading bar, toasts and the auth dialog. */
export function RootShell() {
  const { used, authExpired } = useFeedback();
  useEffect(() => {
    const timer = setTimeout(() => {
      // A failed prefetch is retried by lazy() when the code is first needed.
      loadFeedbackHost().catch(() => undefined);
      loadAuthExpiredDialog().catch(() => undefined);
    }, PREFETCH_AFTER_MS);
    return () => clearTimeout(timer);
  }, []);
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
