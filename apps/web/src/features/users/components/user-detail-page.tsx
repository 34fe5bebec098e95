import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { Alert, Avatar, Button, Grid, Stack } from '@mui/material';
import { AmountText } from '@/components/amount-text';
import { amountItems } from '@/components/amount-items';
import { RewardSnapshotTotals } from '@/components/reward-snapshot-totals';
import { amountField, dateTimeField, hashField, rateField } from '@/components/data-table/columns';
import { DataTable, type DataColumn, pagedQueryProps } from '@/components/data-table/data-table';
import { DetailFoldButton, DetailList } from '@/components/detail-list';
import { PageErrorBanner } from '@/components/page-error-banner';
import { SectionCard } from '@/components/section-card';
import { TruncatedText } from '@/components/truncated-text';
import type { UserStakingInfoQuery } from '@/gql/graphql';
import { formatRatePercent } from '@/lib/amount';
import { formatCalendarDate, formatDateTime } from '@/lib/date-time';
import { GraphQLRequestError } from '@/lib/graphql-client';
import { usePlanLabel } from '@/lib/plan-label';
import { useUser } from '../api/user';
import { useUserAsset } from '../api/user-asset';
import { useUserHecSavingDetail } from '../api/user-hec-saving-detail';
import { useUserPayments } from '@/lib/user-payments';
import { useUserReferralPlanDetail } from '../api/user-referral-plan-detail';
import { useUserRewardSnapshot } from '../api/user-reward-snapshot';
import { useUserStakingInfo } from '../api/user-staking-info';
import { CardStatusChip } from './card-status';
import { paymentColumns } from '@/components/payment-columns';
import { snapshotColumns } from './snapshot-columns';
import { useUserIdParam } from './use-user-id-param';
import { UserWithdrawalsSection } from './user-withdrawals-section';
import '@/i18n/lists';

type Staking = UserStakingInfoQuery['userStakingInfo'];

/** Rows shown in a detail section before "view all". */
const PREVIEW_ROWS = 5;

/** Rows of each summary shown before 'Show all': the ones an operator reads first. */
const SUMMARY_ROWS = 3;

/**
 * A detail summary folded to its first SUMMARY_ROWS pairs, with the button that shows the rest
 * in its header next to `action` (a header button, not a row under the list: the rows it saves
 * put the payment history above the fold).
 */
function SummaryCard<T>({
  id,
  title,
  query,
  items: itemsOf,
  action: actionOf,
}: {
  id: string;
  title: string;
  /** The section's call: its data once loaded, its loading and error state. */
  query: { data: T | undefined; isPending: boolean; error: unknown };
  items: (data: T) => { label: string; value: ReactNode }[];
  action?: (data: T) => ReactNode;
}) {
  const [expanded, setExpanded] = useState(false);
  const listId = `${id}-list`;
  const items = query.data === undefined ? undefined : itemsOf(query.data);
  const action = query.data === undefined ? undefined : actionOf?.(query.data);
  const folds = !!items && items.length > SUMMARY_ROWS;
  return (
    <SectionCard
      id={id}
      title={title}
      loading={query.isPending}
      error={query.error}
      action={
        (action || folds) && (
          <Stack direction="row" spacing={1} alignItems="center">
            {action}
            {folds && (
              <DetailFoldButton
                count={items.length}
                expanded={expanded}
                onToggle={() => setExpanded((e) => !e)}
                controls={listId}
              />
            )}
          </Stack>
        )
      }
    >
      {items && (
        <DetailList id={listId} items={items} shown={expanded ? undefined : SUMMARY_ROWS} />
      )}
    </SectionCard>
  );
}

function ViewAll({ to }: { to: string }) {
  const { t } = useTranslation();
  return (
    <Button component={RouterLink} to={to} size="small" variant="outlined">
      {t('list.viewAll')}
    </Button>
  );
}

/** /common/users/:id: the nine sections of spec section 2, each loading on its own. */
export function UserDetailPage() {
  const { t } = useTranslation();
  const userId = useUserIdParam();
  if (userId === null) return <Alert severity="error">{t('list.notFound')}</Alert>;
  return <UserSections userId={userId} />;
}

function UserSections({ userId }: { userId: number }) {
  const { t } = useTranslation();
  // The sections load in parallel; an unknown id shows one message instead of nine errors.
  const user = useUser(userId);
  if (user.error instanceof GraphQLRequestError && user.error.code === 'NOT_FOUND')
    return <Alert severity="error">{t('list.notFound')}</Alert>;
  return (
    <PageErrorBanner>
      <Grid container spacing={2}>
        {/* The four summaries two by two, each its first rows until asked for the rest, so
            the payment history starts above the fold at 1366×768 (it started at y≈1,600). */}
        <Grid size={{ xs: 12, lg: 6 }}>
          <GeneralInfo userId={userId} />
        </Grid>
        <Grid size={{ xs: 12, lg: 6 }}>
          <SavingInfo userId={userId} />
        </Grid>
        <Grid size={{ xs: 12, lg: 6 }}>
          <CoinSaving userId={userId} />
        </Grid>
        <Grid size={{ xs: 12, lg: 6 }}>
          <ReferralPlan userId={userId} />
        </Grid>
        <Grid size={12}>
          <PaymentHistory userId={userId} />
        </Grid>
        <Grid size={12}>
          <RewardSnapshot userId={userId} />
        </Grid>
        <StakingSections userId={userId} />
        <Grid size={12}>
          <UserWithdrawalsSection userId={userId} />
        </Grid>
      </Grid>
    </PageErrorBanner>
  );
}

function GeneralInfo({ userId }: { userId: number }) {
  const { t, i18n } = useTranslation();
  const query = useUser(userId);
  const items = (u: NonNullable<typeof query.data>) => [
    { label: t('fields.id'), value: u.id },
    { label: t('fields.userName'), value: u.userName },
    { label: t('fields.email'), value: u.aubeUserInfo.email },
    { label: t('fields.inviteCode'), value: u.inviteCode },
    { label: t('cardStatus.label'), value: <CardStatusChip status={u.cardStatus} /> },
    { label: t('fields.registeredAt'), value: formatDateTime(u.registeredAt) },
    {
      label: t('fields.parentUserName'),
      value: u.parentId ? (
        <RouterLink to={`/common/users/${u.parentId}`}>{u.parentUserName}</RouterLink>
      ) : (
        ''
      ),
    },
    { label: t('fields.savingRewardsRate'), value: formatRatePercent(u.savingRewardsRate) },
    { label: t('fields.referralRate'), value: formatRatePercent(u.referralRate) },
    { label: t('fields.firstName'), value: u.aubeUserInfo.firstName },
    { label: t('fields.lastName'), value: u.aubeUserInfo.lastName },
    { label: t('fields.birthDate'), value: formatCalendarDate(u.aubeUserInfo.birthDate) },
    {
      label: t('fields.enrollmentMonth'),
      value: formatCalendarDate(u.aubeUserInfo.enrollmentMonth, { month: true }),
    },
    { label: t('fields.aubeUserIdHash'), value: u.aubeUserInfo.aubeUserIdHash },
    { label: t('fields.forceClubIdHash'), value: u.aubeUserInfo.forceClubIdHash ?? '' },
    {
      label: t('fields.forceClubRegisteredAt'),
      value: formatDateTime(u.aubeUserInfo.forceClubRegisteredAt),
    },
    { label: t('fields.phoneNumber'), value: u.userDetail.phoneNumber ?? '' },
    {
      label: t('fields.twoFactor'),
      value: u.userDetail.twoFactor ? t('fields.yes') : t('fields.no'),
    },
    {
      label: t('fields.defaultLocale'),
      value: languageName(u.userDetail.defaultLocale, i18n.language),
    },
    { label: t('fields.bio'), value: <TruncatedText text={u.userDetail.bio} /> },
  ];
  return (
    <SummaryCard
      id="general-info"
      title={t('users.sections.generalInfo')}
      query={query}
      action={(u) => (
        <Stack direction="row" spacing={1} alignItems="center">
          {u.userDetail.avatarUrl && <Avatar src={u.userDetail.avatarUrl} alt="" />}
          <Button
            component={RouterLink}
            to={`/common/referral?user=${encodeURIComponent(u.userName)}`}
            size="small"
          >
            {t('users.referralOfUser')}
          </Button>
        </Stack>
      )}
      items={items}
    />
  );
}

function SavingInfo({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const query = useUserAsset(userId);
  return (
    <SummaryCard
      id="saving-info"
      title={t('users.sections.savingInfo')}
      query={query}
      items={(a) =>
        amountItems(t, a, [
          ['totalBuyAmountUsd', 'USD'],
          ['totalHECAmount', 'HEC'],
          ['totalETHAmount', 'ETH'],
          ['totalHECStakedAmount', 'HEC'],
          ['totalETHStakedAmount', 'ETH'],
          ['totalHECAffiliateReward', 'HEC'],
          ['totalETHAffiliateReward', 'ETH'],
          ['totalHECProportionalReward', 'HEC'],
          ['totalETHProportionalReward', 'ETH'],
          ['totalHECStakingReward', 'HEC'],
          ['totalETHStakingReward', 'ETH'],
        ])
      }
    />
  );
}

/** Field prefixes of the coin-saving plans, in term order (oneYearPlanPrincipal, …). */
const SAVING_PLAN_FIELDS = ['oneYear', 'twoYear', 'threeYear', 'fiveYear'] as const;

function CoinSaving({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const query = useUserHecSavingDetail(userId);
  return (
    <SummaryCard
      id="coin-saving"
      title={t('users.sections.coinSaving')}
      query={query}
      items={(d) => [
        // Every plan a user can hold (1, 2, 3 and 5 years), so the rewards add up to the total.
        ...SAVING_PLAN_FIELDS.map((plan) => ({
          label: t(`fields.${plan}PlanPrincipal`),
          value: <AmountText value={d[`${plan}PlanPrincipal`]} unit="HEC" />,
        })),
        ...SAVING_PLAN_FIELDS.map((plan) => ({
          label: t(`fields.${plan}PlanRewards`),
          value: <AmountText value={d[`${plan}PlanRewards`]} unit="HEC" />,
        })),
        {
          label: t('fields.totalRewards'),
          value: <AmountText value={d.totalRewards} unit="HEC" />,
        },
        ...SAVING_PLAN_FIELDS.map((plan) => ({
          label: t(`fields.${plan}PlanRate`),
          value: formatRatePercent(d[`${plan}PlanRate`]),
        })),
        { label: t('fields.userPreBonusRate'), value: formatRatePercent(d.userPreBonusRate) },
        {
          label: t('fields.userCardStatusBonusRate'),
          value: formatRatePercent(d.userCardStatusBonusRate),
        },
      ]}
    />
  );
}

function ReferralPlan({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const query = useUserReferralPlanDetail(userId);
  return (
    <SummaryCard
      id="referral-plan"
      title={t('users.sections.referralPlan')}
      query={query}
      items={(d) => [
        ...amountItems(t, d, [
          ['totalRemittedHec', 'HEC'],
          ['totalUsdValuation', 'USD'],
          ['totalHecPrincipal', 'HEC'],
          ['totalAtemAmount', 'ATEM'],
        ]),
        { label: t('fields.rewardRate'), value: formatRatePercent(d.rewardRate) },
        ...amountItems(t, d, [
          ['rewardsBasedOnInterest', 'HEC'],
          ['referralRewards', 'HEC'],
          ['bonusRewards', 'HEC'],
        ]),
        { label: t('fields.numberOfRemittances'), value: d.numberOfRemittances },
      ]}
    />
  );
}

function PaymentHistory({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const query = useUserPayments({
    input: { userId, pagination: { limit: PREVIEW_ROWS, offset: 0 } },
  });
  return (
    <SectionCard
      id="payment-history"
      title={t('users.sections.paymentHistory')}
      action={<ViewAll to={`/common/users/${userId}/payment_history`} />}
    >
      <DataTable
        {...pagedQueryProps(query)}
        label={t('users.sections.paymentHistory')}
        storageKey="user-detail-payments"
        columns={paymentColumns(t)}
        getRowId={(p) => p.userPaymentId}
        onOpenRow={() => navigate(`/common/users/${userId}/payment_history`)}
      />
    </SectionCard>
  );
}

function RewardSnapshot({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const query = useUserRewardSnapshot({ userId });
  const planLabel = usePlanLabel();
  const s = query.data;
  return (
    <SectionCard
      id="reward-snapshot"
      title={t('users.sections.rewardSnapshot')}
      action={<ViewAll to={`/common/users/${userId}/reward_snapshot`} />}
      error={query.error}
    >
      {s && (
        <Stack spacing={2}>
          <RewardSnapshotTotals snapshot={s} />
          <DataTable
            label={t('users.sections.rewardSnapshot')}
            storageKey="user-detail-snapshot"
            columns={snapshotColumns(t, planLabel, { oneUser: true })}
            rows={s.remittances.slice(0, PREVIEW_ROWS)}
            getRowId={(r) => r.id}
            loading={query.isFetching}
          />
        </Stack>
      )}
    </SectionCard>
  );
}

function StakingSections({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const query = useUserStakingInfo(userId);
  const planLabel = usePlanLabel();
  const positions: DataColumn<Staking['stakingInfos'][number]>[] = [
    { id: 'planId', label: t('fields.planId'), render: (s) => s.planId },
    {
      id: 'currentBalance',
      label: t('fields.currentBalance'),
      render: (s) => (
        <>
          <AmountText value={s.currentBalance} aligned /> {s.coinType}
        </>
      ),
      align: 'right',
    },
    amountField(t, 'depositedAube', 'AUBE'),
    amountField(t, 'aubeReward', 'AUBE'),
    amountField(t, 'owlReward', 'OWL'),
    rateField(t, 'aubeRate'),
    rateField(t, 'owlRate'),
    hashField(t, 'walletAddress'),
  ];
  const remittances: DataColumn<Staking['remittanceHistories'][number]>[] = [
    { id: 'id', label: t('fields.id'), render: (r) => r.id },
    { id: 'planName', label: t('fields.planName'), render: (r) => planLabel(r.planName) },
    dateTimeField(t, 'confirmedAt'),
    amountField(t, 'sentHec', 'HEC'),
    amountField(t, 'usdValue', 'USD'),
    hashField(t, 'address'),
    hashField(t, 'transactionHash', { defaultHidden: true }),
  ];
  return (
    <>
      <Grid size={12}>
        <SectionCard id="staking-info" title={t('users.sections.stakingInfo')} error={query.error}>
          <DataTable
            label={t('users.sections.stakingInfo')}
            storageKey="user-detail-staking"
            columns={positions}
            rows={query.data?.stakingInfos}
            getRowId={(s) => `${s.planId}-${s.coinType}-${s.walletAddress}`}
            loading={query.isFetching}
            emptyText={t('users.noStaking')}
          />
        </SectionCard>
      </Grid>
      <Grid size={12}>
        <SectionCard
          id="remittance-history"
          title={t('users.sections.remittanceHistory')}
          action={<ViewAll to={`/common/users/${userId}/hec_remittance_history`} />}
          error={query.error}
        >
          <DataTable
            label={t('users.sections.remittanceHistory')}
            storageKey="user-detail-remittances"
            columns={remittances}
            rows={query.data?.remittanceHistories.slice(0, PREVIEW_ROWS)}
            getRowId={(r) => r.id}
            loading={query.isFetching}
          />
        </SectionCard>
      </Grid>
    </>
  );
}

/** A user's language code ('ja') as its name in the admin's language ('日本語', 'Japanese'). */
function languageName(code: string, in_: string): string {
  try {
    return new Intl.DisplayNames([in_], { type: 'language' }).of(code) ?? code;
  } catch {
    // Not a language code the browser knows: show it as stored.
    return code;
  }
}
