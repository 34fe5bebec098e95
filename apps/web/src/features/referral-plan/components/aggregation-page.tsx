import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Tab, Tabs } from '@mui/material';
import { amountField, dateTimeField, hashField } from '@/components/data-table/columns';
import {
  forceClubUserFilterFields,
  userColumns,
  userFilterFields,
} from '@/components/data-table/user-columns';
import { TimeZoneNote } from '@/components/filtered-list';
import { ListScreen } from '@/components/list-screen';
import { formatNumber } from '@/lib/format';
import { AFFILIATE_REMITTANCES_SHAPE, AGGREGATES_SHAPE } from '@app/shared';
import { listView } from '@/lib/list-declaration';
import { defineListScreen } from '@/lib/list-query';
import { affiliateSavingAggregates } from '../api/affiliate-saving-aggregates';
import { affiliateSavingRemittances } from '../api/affiliate-saving-remittances';
import { affiliateSavingAggregatesCsv, referralPlanRemittanceHistoryCsv } from '@/gql/list-exports';

const AGGREGATES_VIEW = listView(AGGREGATES_SHAPE);

/** The first tab: per-user totals of referral-plan remittances. */
const AGGREGATES = defineListScreen({
  ...AGGREGATES_VIEW.data('input', affiliateSavingAggregates, affiliateSavingAggregatesCsv),
  label: (t) => t('coinSaving.aggregatesLabel'),
  storageKey: 'affiliate-aggregates',
  fields: (t) => forceClubUserFilterFields(AGGREGATES_VIEW, t),
  columns: (t) => [
    { id: 'id', label: t('fields.userId'), render: (r) => r.id, sortable: true, hideable: false },
    ...userColumns(t, 'username', { forceClubId: true }),
    {
      id: 'remittanceCount',
      label: t('fields.remittanceCount'),
      render: (r) => formatNumber(r.remittanceCount),
      align: 'right',
    },
    amountField(t, 'totalSentHec', 'HEC', { sortable: true }),
    amountField(t, 'totalSentUsdValuation', 'USD'),
    amountField(t, 'totalHecPrincipal', 'HEC'),
    amountField(t, 'totalAtemPrincipal', 'ATEM'),
  ],
  getRowId: (r) => r.id,
  rowLink: {
    to: (r) => `/common/users/${r.id}`,
    label: (t, r) => t('users.openUser', { name: r.username }),
  },
  timeZoneNote: false,
});

const REMITTANCES_VIEW = listView(AFFILIATE_REMITTANCES_SHAPE);

/** The second tab: the referral-plan remittances themselves. */
const REMITTANCES = defineListScreen({
  ...REMITTANCES_VIEW.data('input', affiliateSavingRemittances, referralPlanRemittanceHistoryCsv),
  label: (t) => t('coinSaving.affiliateRemittancesLabel'),
  storageKey: 'affiliate-remittances',
  fields: (t) => userFilterFields(REMITTANCES_VIEW, t),
  columns: (t) => [
    { id: 'id', label: t('fields.id'), render: (r) => r.id, hideable: false },
    ...userColumns(t, 'username', { forceClubId: true }),
    dateTimeField(t, 'confirmedAt', { sortable: true }),
    amountField(t, 'sentHec', 'HEC'),
    amountField(t, 'usdValuation', 'USD'),
    amountField(t, 'hecPrincipal', 'HEC'),
    amountField(t, 'atemPrincipal', 'ATEM'),
    hashField(t, 'transactionHash', { defaultHidden: true }),
  ],
  getRowId: (r) => r.id,
  timeZoneNote: false,
});

/**
 * /referral_plan/aggregation: per-user totals of referral-plan remittances, and (second tab)
 * the remittances themselves. The tab is in the URL like the list state.
 */
export function AggregationPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'remittances' ? 'remittances' : 'aggregates';
  return (
    <>
      <Tabs
        value={tab}
        onChange={(_, next: string) => setParams(next === 'remittances' ? { tab: next } : {})}
        // Scrolls on a phone: the second tab's label ran past the screen's edge.
        variant="scrollable"
        sx={{ mb: 2 }}
      >
        <Tab value="aggregates" label={t('coinSaving.aggregatesLabel')} />
        <Tab value="remittances" label={t('coinSaving.affiliateRemittancesLabel')} />
      </Tabs>
      {/* Keyed: each tab is its own table (column choice, URL state), never one reused. */}
      {tab === 'aggregates' ? (
        <ListScreen key="aggregates" descriptor={AGGREGATES} />
      ) : (
        <ListScreen key="remittances" descriptor={REMITTANCES} />
      )}
      <TimeZoneNote />
    </>
  );
}
