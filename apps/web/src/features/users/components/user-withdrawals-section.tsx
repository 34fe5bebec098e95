import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { Button, Stack, Typography } from '@mui/material';
import { SectionCard } from '@/components/section-card';
import type { MessageKey } from '@/i18n/ja';
import { useUser } from '../api/user';

// The withdrawal screens (docs/routes.md); each lists its kind filtered by user name.
const WITHDRAWAL_SCREENS: { path: string; label: MessageKey }[] = [
  { path: '/aubecoin_saving/withdrawals', label: 'nav.withdrawals' },
  { path: '/withdrawals/saving_coin', label: 'nav.withdrawalSavingCoin' },
  { path: '/withdrawals/referral_rewards', label: 'nav.withdrawalReferralRewards' },
  { path: '/withdrawals/atem', label: 'nav.withdrawalAtem' },
  { path: '/withdrawals/bonus_rewards', label: 'nav.withdrawalBonusRewards' },
  { path: '/withdrawals/principal', label: 'nav.withdrawalPrincipal' },
  { path: '/withdrawals/proportional_bonus', label: 'nav.withdrawalProportionalBonus' },
  { path: '/withdrawals/affiliate_bonus', label: 'nav.withdrawalAffiliateBonus' },
];

/**
 * The withdrawal history section. The API has no per-user withdrawal call yet, so this
 * section opens each withdrawal screen filtered by the user's name (its view-all buttons).
 */
export function UserWithdrawalsSection({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const user = useUser(userId);
  const name = user.data?.userName;
  return (
    <SectionCard
      id="withdrawal-history"
      title={t('users.sections.withdrawalHistory')}
      error={user.error}
    >
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {t('users.withdrawalNote')}
      </Typography>
      <Stack direction="row" useFlexGap flexWrap="wrap" spacing={1}>
        {WITHDRAWAL_SCREENS.map((screen) => (
          <Button
            key={screen.path}
            component={RouterLink}
            to={name ? `${screen.path}?userName=${encodeURIComponent(name)}` : screen.path}
            size="small"
            variant="outlined"
          >
            {t('list.viewAll')}: {t(screen.label)}
          </Button>
        ))}
      </Stack>
    </SectionCard>
  );
}
