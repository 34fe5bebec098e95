import { useTranslation } from 'react-i18next';
import { amountItems } from '@/components/amount-items';
import { DetailList } from '@/components/detail-list';
import { formatCalendarDate } from '@/lib/date-time';

/** The date and the four totals of a reward snapshot, as `userRewardSnapshot` answers them. */
type RewardSnapshotTotalsValue = {
  rewardDate?: string | null;
  totalSentHec: string;
  totalSentUSD: string;
  totalAubeReward: string;
  totalOwlReward: string;
};

/**
 * A reward snapshot's date and four totals: the user detail's section, a user's snapshot page
 * and the reward snapshot screen show the same list, each exact on hover.
 */
export function RewardSnapshotTotals({ snapshot: s }: { snapshot: RewardSnapshotTotalsValue }) {
  const { t } = useTranslation();
  return (
    <DetailList
      items={[
        { label: t('fields.rewardDate'), value: formatCalendarDate(s.rewardDate) },
        ...amountItems(t, s, [
          ['totalSentHec', 'HEC'],
          ['totalSentUSD', 'USD'],
          ['totalAubeReward', 'AUBE'],
          ['totalOwlReward', 'OWL'],
        ]),
      ]}
    />
  );
}
