import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { Button, Typography } from '@mui/material';
import { DataTable, pagedQueryProps } from '@/components/data-table/data-table';
import { SectionCard } from '@/components/section-card';
import { adminTimeZone } from '@/lib/date-time';
import { useUserWithdrawalHistory } from '../api/user-withdrawal-history';
import { withdrawalColumns } from './user-withdrawal-columns';
import '@/i18n/lists';

/** Requests shown in the section before "view all" (newest first, every kind). */
const LATEST_WITHDRAWALS = 10;

/** The user detail's withdrawal history: the latest requests of every kind and a view-all page. */
export function UserWithdrawalsSection({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const query = useUserWithdrawalHistory({
    userId,
    pagination: { limit: LATEST_WITHDRAWALS, offset: 0 },
  });
  const columns = useMemo(() => withdrawalColumns(t, userId ?? undefined), [t, userId]);
  const to = `/common/users/${userId}/withdrawal_history`;
  return (
    <SectionCard
      id="withdrawal-history"
      title={t('users.sections.withdrawalHistory')}
      action={
        <Button component={RouterLink} to={to} size="small" variant="outlined">
          {t('list.viewAll')}
        </Button>
      }
    >
      <DataTable
        {...pagedQueryProps(query)}
        label={t('users.sections.withdrawalHistory')}
        storageKey="user-detail-withdrawals"
        columns={columns}
        getRowId={(w) => w.id}
        emptyText={t('users.noWithdrawals')}
      />
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
        {t('users.latest', { count: LATEST_WITHDRAWALS })} ·{' '}
        {t('list.timeZone', { zone: adminTimeZone() })}
      </Typography>
    </SectionCard>
  );
}
