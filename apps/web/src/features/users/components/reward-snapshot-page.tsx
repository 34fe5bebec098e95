import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { Alert, Button, MenuItem, Paper, Stack, TextField } from '@mui/material';
import { useHecSavingPlans } from '../api/hec-saving-plans';
import { UserIdPicker, type PickedUser } from '@/components/user-id-picker';
import { useUserRewardSnapshot } from '../api/user-reward-snapshot';
import { usePlanLabel } from '@/lib/plan-label';
import { RewardSnapshotView } from './reward-snapshot-view';
import '@/i18n/lists';
import { DateInput } from '@/components/date-input';

/**
 * /common/reward_snapshot: pick a user, a reward date (the newest by default) and optionally a
 * plan; the snapshot rows and the four totals (userRewardSnapshot). The choice is in the URL
 * (userId, userName, rewardDate, planId).
 */
export function RewardSnapshotPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const userId = Number(params.get('userId'));
  const user: PickedUser | null =
    Number.isInteger(userId) && userId > 0
      ? { id: userId, userName: params.get('userName') ?? String(userId) }
      : null;
  const rewardDate = params.get('rewardDate') ?? '';
  const planId = Number(params.get('planId'));
  const [draftDate, setDraftDate] = useState(rewardDate);
  const plans = useHecSavingPlans();
  const planName = usePlanLabel();
  const update = (changes: Record<string, string | null>) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const [key, value] of Object.entries(changes)) {
        if (value) next.set(key, value);
        else next.delete(key);
      }
      return next;
    });
  return (
    <Stack spacing={2}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack
          component="form"
          direction={{ xs: 'column', md: 'row' }}
          spacing={2}
          sx={{ alignItems: { md: 'flex-start' } }}
          onSubmit={(e) => {
            e.preventDefault();
            update({ rewardDate: draftDate });
          }}
        >
          <UserIdPicker
            value={user}
            onChange={(u) => u && update({ userId: String(u.id), userName: u.userName })}
            label={t('rewardSnapshot.pickUser')}
            helperText={t('rewardSnapshot.pickUserHint')}
            sx={{ minWidth: 280, flexGrow: 1, maxWidth: 420 }}
          />
          <DateInput
            label={t('fields.rewardDate')}
            helperText={t('rewardSnapshot.rewardDateHint')}
            value={draftDate}
            onChange={setDraftDate}
          />
          <TextField
            select
            size="small"
            label={t('fields.plan')}
            value={Number.isInteger(planId) && planId > 0 ? String(planId) : ''}
            onChange={(e) => update({ planId: e.target.value })}
            sx={{ minWidth: 180 }}
          >
            <MenuItem value="">{t('list.any')}</MenuItem>
            {(plans.data ?? []).map((p) => (
              <MenuItem key={p.id} value={String(p.id)}>
                {planName(p.name)}
              </MenuItem>
            ))}
          </TextField>
          <Button type="submit" variant="contained">
            {t('list.search')}
          </Button>
        </Stack>
      </Paper>
      {!user && <Alert severity="info">{t('rewardSnapshot.noUser')}</Alert>}
      {user && (
        <Button
          component={RouterLink}
          to={`/common/users/${user.id}`}
          size="small"
          sx={{ alignSelf: 'flex-start' }}
        >
          {t('rewardSnapshot.openUser')}: {user.userName}
        </Button>
      )}
      {user && (
        <SnapshotResult
          userId={user.id}
          rewardDate={rewardDate || undefined}
          planId={Number.isInteger(planId) && planId > 0 ? planId : undefined}
        />
      )}
    </Stack>
  );
}

/** The picked user's snapshot: the four totals and the rows (only asked once a user is picked). */
function SnapshotResult(variables: { userId: number; rewardDate?: string; planId?: number }) {
  const query = useUserRewardSnapshot(variables);
  return <RewardSnapshotView query={query} storageKey="reward-snapshot" />;
}
