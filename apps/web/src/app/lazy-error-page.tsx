import { lazy, Suspense } from 'react';
import type { ErrorStatus } from '@/components/error-page';

const ErrorPage = lazy(() =>
  import('@/components/error-page').then((m) => ({ default: m.ErrorPage })),
);

/** The 404/403/500 page, loaded only when shown (it is not part of the first load). */
export function LazyErrorPage({ status }: { status: ErrorStatus }) {
  return (
    <Suspense fallback={null}>
      <ErrorPage status={status} />
    </Suspense>
  );
}
