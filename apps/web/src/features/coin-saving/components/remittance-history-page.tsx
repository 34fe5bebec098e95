import { amountColumn, dateTimeField, hashField } from '@/components/data-table/columns';
import { ListScreen } from '@/components/list-screen';
import { TruncatedText } from '@/components/truncated-text';
import { USER_SAVINGS_SHAPE } from '@app/shared';
import { listView } from '@/lib/list-declaration';
import { defineListScreen } from '@/lib/list-query';
import { usePlanLabel } from '@/lib/plan-label';
import { useSavingPlanNames } from '../api/hec-saving-plans';
import { hecSavingRemittanceHistoryCsv } from '@/gql/list-exports';
import { userSavings } from '../api/user-savings';

/** What the screen's hooks add: the plans for the plan filter, and how a plan is named. */
type PlanContext = { planNames: string[]; planLabel: (name: string) => string };

const VIEW = listView(USER_SAVINGS_SHAPE);

/** /aubecoin_saving/remittance_history: coin-saving remittances of all users. */
const REMITTANCES = defineListScreen({
  ...VIEW.data('arguments', userSavings, hecSavingRemittanceHistoryCsv),
  label: (t) => t('coinSaving.remittancesLabel'),
  storageKey: 'saving-remittances',
  fields: (t, c: PlanContext) => [
    VIEW.field('userName', { label: t('fields.userName'), hint: t('list.matchPrefix') }),
    VIEW.field('planName', {
      label: t('fields.planName'),
      options: c.planNames.map((name) => ({ value: name, label: c.planLabel(name) })),
    }),
  ],
  columns: (t, c: PlanContext) => [
    {
      id: 'userSavingSentValueId',
      label: t('fields.userSavingSentValueId'),
      render: (r) => r.userSavingSentValueId,
      hideable: false,
    },
    {
      id: 'userName',
      label: t('fields.userName'),
      render: (r) => <TruncatedText text={r.userName} max={22} />,
      pinned: true,
    },
    // The column the rows are sorted by comes first, so it is never the one cut off.
    dateTimeField(t, 'confirmedAt', { sortable: true }),
    { id: 'planName', label: t('fields.planName'), render: (r) => c.planLabel(r.planName) },
    amountColumn({
      id: 'amountHEC',
      label: t('fields.amount'),
      unit: 'HEC',
      value: (r) => r.amountHEC,
    }),
    amountColumn({
      id: 'amountUSD',
      label: t('fields.usdValue'),
      unit: 'USD',
      value: (r) => r.amountUSD,
    }),
    hashField(t, 'address'),
    hashField(t, 'transactionHash'),
  ],
  getRowId: (r) => r.userSavingSentValueId,
});

export function RemittanceHistoryPage() {
  const plans = useSavingPlanNames();
  const planLabel = usePlanLabel();
  const planNames = (plans.data ?? []).map((p) => p.name);
  return <ListScreen descriptor={REMITTANCES} context={{ planNames, planLabel }} />;
}
