import { useCallback, useSyncExternalStore, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient, type Query } from '@tanstack/react-query';
import { Alert, Button } from '@mui/material';
import { PageErrorBannerContext } from '@/components/data-table/data-table';
import { errorMessage } from '@/lib/error-message';
import '@/i18n/lists';

const failedOnScreen = (query: Query) =>
  query.state.status === 'error' && query.getObserversCount() > 0;

/**
 * One error banner for a page made of many calls (the user detail): it names the failure
 * once, with one Retry that repeats every failed call, and the page's sections and tables
 * (inside `children`) say only that they are not loaded, instead of one error box each.
 */
export function PageErrorBanner({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const cache = client.getQueryCache();
  const subscribe = useCallback((onChange: () => void) => cache.subscribe(onChange), [cache]);
  // A string snapshot (the failed queries' hashes) so that React re-renders only on change.
  const failedKey = useSyncExternalStore(subscribe, () =>
    cache
      .getAll()
      .filter(failedOnScreen)
      .map((q) => q.queryHash)
      .join('|'),
  );
  const fetchingKey = useSyncExternalStore(subscribe, () =>
    cache.getAll().some((q) => failedOnScreen(q) && q.state.fetchStatus === 'fetching'),
  );
  const failed = failedKey ? cache.getAll().filter(failedOnScreen) : [];
  const retry = () => void client.refetchQueries({ predicate: failedOnScreen, type: 'active' });
  return (
    <PageErrorBannerContext.Provider value>
      {failed.length > 0 && (
        <Alert
          severity="error"
          role="alert"
          data-testid="page-error"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={retry} disabled={fetchingKey}>
              {t('list.retry')}
            </Button>
          }
        >
          {errorMessage(failed[0]?.state.error, t)}{' '}
          {t('list.sectionsNotLoaded', { count: failed.length })}
        </Alert>
      )}
      {children}
    </PageErrorBannerContext.Provider>
  );
}
