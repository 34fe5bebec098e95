import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Paper } from '@mui/material';
import { DataTable } from '@/components/data-table/data-table';
import { RewardSnapshotTotals } from '@/components/reward-snapshot-totals';
import { usePlanLabel } from '@/lib/plan-label';
import type { useUserRewardSnapshot } from '../api/user-reward-snapshot';
import { snapshotColumns } from './snapshot-columns';

/**
 * One user's reward snapshot as both snapshot screens show it: the four totals (once loaded)
 * over its rows. `oneUser`: the screen is the user's own, so the rows need not name them.
 */
export function RewardSnapshotView({
  query,
  storageKey,
  oneUser = false,
}: {
  query: ReturnType<typeof useUserRewardSnapshot>;
  storageKey: string;
  oneUser?: boolean;
}) {
  const { t } = useTranslation();
  const planLabel = usePlanLabel();
  const columns = useMemo(
    () => snapshotColumns(t, planLabel, { oneUser }),
    [t, planLabel, oneUser],
  );
  const s = query.data;
  return (
    <>
      {s && (
        <Paper variant="outlined" sx={{ p: 2 }} aria-label={t('list.totals')} role="region">
          <RewardSnapshotTotals snapshot={s} />
        </Paper>
      )}
      <DataTable
        label={t('users.sections.rewardSnapshot')}
        storageKey={storageKey}
        columns={columns}
        rows={s?.remittances}
        total={s?.remittances.length}
        getRowId={(r) => r.id}
        loading={query.isFetching}
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    </>
  );
}
