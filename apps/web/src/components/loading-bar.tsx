import { useTranslation } from 'react-i18next';
import { useNavigation } from 'react-router';
import { useIsFetching, useIsMutating } from '@tanstack/react-query';
import { useMinimumDuration } from '@/lib/use-minimum-duration';
import { ProgressBar } from './progress-bar';

/** Minimum display of the loading indicator (spec section 4). */
const LOADING_MIN_MS = 200;

/** A thin bar at the top while any request or route chunk is loading, shown at least 200 ms. */
export function LoadingBar() {
  const { t } = useTranslation();
  const fetching = useIsFetching();
  const mutating = useIsMutating();
  const navigation = useNavigation();
  const visible = useMinimumDuration(
    fetching + mutating > 0 || navigation.state !== 'idle',
    LOADING_MIN_MS,
  );
  if (!visible) return null;
  return <ProgressBar label={t('app.loading')} testId="loading-bar" />;
}
