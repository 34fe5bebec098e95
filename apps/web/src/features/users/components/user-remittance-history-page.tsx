import { useTranslation } from 'react-i18next';
import { Alert, Paper, Stack, Typography } from '@mui/material';
import { amountColumn, dateTimeColumn, hashColumn } from '@/components/data-table/columns';
import { DataTable, type DataColumn } from '@/components/data-table/data-table';
import { DetailList } from '@/components/detail-list';
import type {
  UserAffiliateSavingRemittanceHistoryQuery,
  UserHecSavingRemittanceHistoryQuery,
} from '@/gql/graphql';
import { AmountText } from '@/components/amount-text';
import { adminTimeZone } from '@/lib/date-time';
import { useListState, type ListStateOptions } from '@/lib/list-state';
import { usePlanLabel } from '@/lib/plan-label';
import { useUserAffiliateSavingRemittanceHistory } from '../api/user-affiliate-saving-remittance-history';
import { useUserHecSavingRemittanceHistory } from '../api/user-hec-saving-remittance-history';
import { useUserIdParam } from './use-user-id-param';
import { UserHistoryNav } from './user-history-nav';
import '@/i18n/lists';

type SavingRow =
  UserHecSavingRemittanceHistoryQuery['userHecSavingRemittanceHistory']['remittances'][number];
type AffiliateRow =
  UserAffiliateSavingRemittanceHistoryQuery['userAffiliateSavingRemittanceHistory']['remittances'][number];

// Two lists on one page: each keeps its own page and sort in the URL under its own prefix.
const SAVING: ListStateOptions<Record<string, never>> = {
  filters: {},
  defaultSort: { target: 'confirmedAt', orderBy: 'DESC' },
  sortTargets: ['confirmedAt'],
};

const AFFILIATE: ListStateOptions<Record<string, never>> = { ...SAVING, prefix: 'ref.' };

/** /common/users/:id/hec_remittance_history: coin-saving and referral-plan remittances with totals. */
export function UserRemittanceHistoryPage() {
  const { t } = useTranslation();
  const userId = useUserIdParam();
  if (userId === null) return <Alert severity="error">{t('list.notFound')}</Alert>;
  return (
    <Stack spacing={3}>
      <UserHistoryNav userId={userId} />
      <SavingRemittances userId={userId} />
      <AffiliateRemittances userId={userId} />
      <Typography variant="caption" color="text.secondary" component="p">
        {t('list.timeZone', { zone: adminTimeZone() })}
      </Typography>
    </Stack>
  );
}

function SavingRemittances({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const list = useListState(SAVING);
  const planLabel = usePlanLabel();
  const query = useUserHecSavingRemittanceHistory({ userId, pagination: list.pagination });
  const h = query.data;
  const columns: DataColumn<SavingRow>[] = [
    { id: 'id', label: t('fields.id'), render: (r) => r.id },
    dateTimeColumn({
      id: 'confirmedAt',
      label: t('fields.confirmedAt'),
      value: (r) => r.confirmedAt,
      sortable: true,
    }),
    { id: 'planName', label: t('fields.planName'), render: (r) => planLabel(r.planName) },
    amountColumn({
      id: 'sentHec',
      label: t('fields.sentHec'),
      unit: 'HEC',
      value: (r) => r.sentHec,
    }),
    amountColumn({
      id: 'usdValue',
      label: t('fields.usdValue'),
      unit: 'USD',
      value: (r) => r.usdValue,
    }),
    hashColumn({ id: 'address', label: t('fields.address'), value: (r) => r.address }),
    hashColumn({
      id: 'transactionHash',
      label: t('fields.transactionHash'),
      value: (r) => r.transactionHash,
      defaultHidden: true,
    }),
  ];
  return (
    <Stack spacing={1.5} component="section" aria-labelledby="saving-remittances">
      <Typography id="saving-remittances" component="h2" variant="h6">
        {t('users.savingRemittances')}
      </Typography>
      {h && (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <DetailList
            items={[
              {
                label: t('fields.totalSentHec'),
                value: <AmountText value={h.totalSentHec} unit="HEC" />,
              },
              {
                label: t('fields.totalOneYearPlanHec'),
                value: <AmountText value={h.totalOneYearPlanHec} unit="HEC" />,
              },
              {
                label: t('fields.totalTwoYearsPlanHec'),
                value: <AmountText value={h.totalTwoYearsPlanHec} unit="HEC" />,
              },
              {
                label: t('fields.totalThreeYearsPlanHec'),
                value: <AmountText value={h.totalThreeYearsPlanHec} unit="HEC" />,
              },
              {
                label: t('fields.totalFiveYearsPlanHec'),
                value: <AmountText value={h.totalFiveYearsPlanHec} unit="HEC" />,
              },
            ]}
          />
        </Paper>
      )}
      <DataTable
        label={t('users.savingRemittances')}
        storageKey="user-saving-remittances"
        columns={columns}
        rows={h?.remittances}
        total={h?.pagination.totalRecords}
        getRowId={(r) => r.id}
        list={list}
        loading={query.isFetching}
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    </Stack>
  );
}

// The second list keeps its page and sort under 'ref.' params, apart from the first one's.
function AffiliateRemittances({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const list = useListState(AFFILIATE);
  const query = useUserAffiliateSavingRemittanceHistory({ userId, pagination: list.pagination });
  const h = query.data;
  const columns: DataColumn<AffiliateRow>[] = [
    { id: 'id', label: t('fields.id'), render: (r) => r.id },
    dateTimeColumn({
      id: 'confirmedAt',
      label: t('fields.confirmedAt'),
      value: (r) => r.confirmedAt,
    }),
    amountColumn({
      id: 'sentHec',
      label: t('fields.sentHec'),
      unit: 'HEC',
      value: (r) => r.sentHec,
    }),
    amountColumn({
      id: 'hecPrincipal',
      label: t('fields.hecPrincipal'),
      unit: 'HEC',
      value: (r) => r.hecPrincipal,
    }),
    amountColumn({
      id: 'atemPrincipal',
      label: t('fields.atemPrincipal'),
      unit: 'ATEM',
      value: (r) => r.atemPrincipal,
    }),
    amountColumn({
      id: 'usdValuation',
      label: t('fields.usdValuation'),
      unit: 'USD',
      value: (r) => r.usdValuation,
    }),
    hashColumn({ id: 'address', label: t('fields.address'), value: (r) => r.address }),
  ];
  return (
    <Stack spacing={1.5} component="section" aria-labelledby="affiliate-remittances">
      <Typography id="affiliate-remittances" component="h2" variant="h6">
        {t('users.affiliateRemittances')}
      </Typography>
      {h && (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <DetailList
            items={[
              {
                label: t('fields.totalSentHec'),
                value: <AmountText value={h.totalSentHec} unit="HEC" />,
              },
              {
                label: t('fields.totalHecPrincipal'),
                value: <AmountText value={h.totalHecPrincipal} unit="HEC" />,
              },
              {
                label: t('fields.totalAtemPrincipal'),
                value: <AmountText value={h.totalAtemPrincipal} unit="ATEM" />,
              },
              {
                label: t('fields.totalUsdValuation'),
                value: <AmountText value={h.totalUsdValuation} unit="USD" />,
              },
            ]}
          />
        </Paper>
      )}
      <DataTable
        label={t('users.affiliateRemittances')}
        storageKey="user-affiliate-remittances"
        columns={columns}
        rows={h?.remittances}
        total={h?.pagination.totalRecords}
        getRowId={(r) => r.id}
        list={list}
        loading={query.isFetching}
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    </Stack>
  );
}
