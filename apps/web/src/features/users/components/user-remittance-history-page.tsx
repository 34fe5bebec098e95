import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Paper, Stack, Typography } from '@mui/material';
import { amountField, dateTimeField, hashField } from '@/components/data-table/columns';
import { DataTable, pagedQueryProps } from '@/components/data-table/data-table';
import { DetailList } from '@/components/detail-list';
import { amountItems } from '@/components/amount-items';
import { listTableProps } from '@/components/list-screen';
import { adminTimeZone } from '@/lib/date-time';
import { USER_AFFILIATE_HISTORY_SHAPE, USER_SAVING_HISTORY_SHAPE } from '@app/shared';
import { listView } from '@/lib/list-declaration';
import { defineListScreen, useListQuery } from '@/lib/list-query';
import { usePlanLabel } from '@/lib/plan-label';
import { userAffiliateSavingRemittanceHistory } from '../api/user-affiliate-saving-remittance-history';
import { userHecSavingRemittanceHistory } from '../api/user-hec-saving-remittance-history';
import { useUserIdParam } from './use-user-id-param';
import { UserHistoryNav } from './user-history-nav';
import '@/i18n/lists';

type PlanLabel = ReturnType<typeof usePlanLabel>;

// Two lists on one page: each keeps its own page and sort in the URL under its own prefix.
/** The two histories' sorts from their declarations; the second list's params are `ref.…`. */
const SAVING_VIEW = listView(USER_SAVING_HISTORY_SHAPE);
const AFFILIATE_VIEW = listView(USER_AFFILIATE_HISTORY_SHAPE, { prefix: 'ref.' });

/** A user's coin-saving remittances (`context`: the user and the plan names' language). */
const SAVING = defineListScreen({
  view: SAVING_VIEW,
  query: {
    ...userHecSavingRemittanceHistory,
    variables: (_search, pagination, { userId }: { userId: number; planLabel: PlanLabel }) => ({
      userId,
      pagination,
    }),
  },
  label: (t) => t('users.savingRemittances'),
  storageKey: 'user-saving-remittances',
  fields: () => [],
  columns: (t, { planLabel }) => [
    { id: 'id', label: t('fields.id'), render: (r) => r.id },
    dateTimeField(t, 'confirmedAt', { sortable: true }),
    { id: 'planName', label: t('fields.planName'), render: (r) => planLabel(r.planName) },
    amountField(t, 'sentHec', 'HEC'),
    amountField(t, 'usdValue', 'USD'),
    hashField(t, 'address'),
    hashField(t, 'transactionHash', { defaultHidden: true }),
  ],
  getRowId: (r) => r.id,
});

/** A user's referral-plan remittances (`context`: the user), under 'ref.' params. */
const AFFILIATE = defineListScreen({
  view: AFFILIATE_VIEW,
  query: {
    ...userAffiliateSavingRemittanceHistory,
    variables: (_search, pagination, userId: number) => ({ userId, pagination }),
  },
  label: (t) => t('users.affiliateRemittances'),
  storageKey: 'user-affiliate-remittances',
  fields: () => [],
  columns: (t) => [
    { id: 'id', label: t('fields.id'), render: (r) => r.id },
    dateTimeField(t, 'confirmedAt'),
    amountField(t, 'sentHec', 'HEC'),
    amountField(t, 'hecPrincipal', 'HEC'),
    amountField(t, 'atemPrincipal', 'ATEM'),
    amountField(t, 'usdValuation', 'USD'),
    hashField(t, 'address'),
  ],
  getRowId: (r) => r.id,
});

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

/** One history: its heading, its totals (once loaded) and its table. */
function HistorySection({
  id,
  title,
  totals,
  children,
}: {
  id: string;
  title: string;
  totals: { label: string; value: ReactNode }[] | undefined;
  children: ReactNode;
}) {
  return (
    <Stack spacing={1.5} component="section" aria-labelledby={id}>
      <Typography id={id} component="h2" variant="h6">
        {title}
      </Typography>
      {totals && (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <DetailList items={totals} />
        </Paper>
      )}
      {children}
    </Stack>
  );
}

function SavingRemittances({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const planLabel = usePlanLabel();
  const context = { userId, planLabel };
  const { list, query } = useListQuery(SAVING, context);
  const h = query.data;
  return (
    <HistorySection
      id="saving-remittances"
      title={t('users.savingRemittances')}
      totals={
        h &&
        amountItems(t, h, [
          ['totalSentHec', 'HEC'],
          ['totalOneYearPlanHec', 'HEC'],
          ['totalTwoYearsPlanHec', 'HEC'],
          ['totalThreeYearsPlanHec', 'HEC'],
          ['totalFiveYearsPlanHec', 'HEC'],
        ])
      }
    >
      <DataTable {...pagedQueryProps(query)} {...listTableProps(SAVING, t, context)} list={list} />
    </HistorySection>
  );
}

// The second list keeps its page and sort under 'ref.' params, apart from the first one's.
function AffiliateRemittances({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const { list, query } = useListQuery(AFFILIATE, userId);
  const h = query.data;
  return (
    <HistorySection
      id="affiliate-remittances"
      title={t('users.affiliateRemittances')}
      totals={
        h &&
        amountItems(t, h, [
          ['totalSentHec', 'HEC'],
          ['totalHecPrincipal', 'HEC'],
          ['totalAtemPrincipal', 'ATEM'],
          ['totalUsdValuation', 'USD'],
        ])
      }
    >
      <DataTable
        {...pagedQueryProps(query)}
        {...listTableProps(AFFILIATE, t, userId)}
        list={list}
      />
    </HistorySection>
  );
}
