import { useTranslation } from 'react-i18next';
import { Alert, Stack } from '@mui/material';
import { ListFilters, type FilterFormField } from '@/components/list-filters';
import { useListState, type ListStateOptions } from '@/lib/list-state';
import { useHecSavingPlans } from '../api/hec-saving-plans';
import { useUserRewardSnapshot } from '../api/user-reward-snapshot';
import { RewardSnapshotView } from './reward-snapshot-view';
import { useUserIdParam } from './use-user-id-param';
import { UserHistoryNav } from './user-history-nav';
import '@/i18n/lists';

const FILTERS = { rewardDate: 'text', planId: 'text' } as const;
const LIST: ListStateOptions<typeof FILTERS> = { filters: FILTERS };

/** /common/users/:id/reward_snapshot: one reward date (newest by default), optionally one plan, with totals. */
export function UserRewardSnapshotPage() {
  const { t } = useTranslation();
  const userId = useUserIdParam();
  const list = useListState(LIST);
  const plans = useHecSavingPlans();
  const planId = Number(list.filters.planId);
  const query = useUserRewardSnapshot({
    userId: userId ?? 0,
    rewardDate: list.filters.rewardDate || undefined,
    planId: Number.isInteger(planId) && planId > 0 ? planId : undefined,
  });
  if (userId === null) return <Alert severity="error">{t('list.notFound')}</Alert>;
  const fields: FilterFormField[] = [
    { key: 'rewardDate', label: t('fields.rewardDate'), type: 'date' },
    {
      key: 'planId',
      label: t('fields.plan'),
      type: 'select',
      options: (plans.data ?? []).map((p) => ({ value: String(p.id), label: p.name })),
    },
  ];
  return (
    <Stack spacing={2}>
      <UserHistoryNav userId={userId} />
      <ListFilters
        fields={fields}
        values={list.filters}
        onApply={(values) => list.setFilters(values as Partial<typeof list.filters>)}
        onClear={list.clearFilters}
      />
      <RewardSnapshotView query={query} storageKey="user-reward-snapshot" oneUser />
    </Stack>
  );
}
