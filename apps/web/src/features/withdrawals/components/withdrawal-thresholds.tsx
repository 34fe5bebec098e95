import '@/i18n/screens';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { checkDecimalText, UNIT_SCALES, type MoneyUnit } from '@app/shared';
import { AmountText } from '@/components/amount-text';
import { notifySuccess } from '@/lib/feedback';
import { hasRole } from '@/lib/roles';
import { useCurrentAdmin } from '@/lib/session/use-current-admin';
import { useApprovalThresholds, useUpdateApprovalThreshold } from '../api/withdrawal-thresholds';

/** Why a typed threshold is not acceptable (the server checks the same), or null. */
function thresholdProblem(coin: string, value: string): 'format' | 'positive' | null {
  const text = value.trim();
  const scale = coin in UNIT_SCALES ? UNIT_SCALES[coin as MoneyUnit] : 18;
  if (checkDecimalText(text, { scale }) !== null) return 'format';
  if (!/[1-9]/.test(text)) return 'positive';
  return null;
}

/**
 * The per-coin two-person approval thresholds: shown to every admin on the withdrawal
 * screens (why a request needs two approvals), changed here by super admins only.
 */
export function ApprovalThresholds() {
  const { t } = useTranslation();
  const thresholds = useApprovalThresholds();
  const admin = useCurrentAdmin();
  const canEdit = hasRole(admin.data, 'super_admin');
  const [editing, setEditing] = useState(false);
  const rows = thresholds.data ?? [];
  if (rows.length === 0) return null;
  return (
    <Stack
      direction="row"
      spacing={1.5}
      useFlexGap
      sx={{ mb: 2, flexWrap: 'wrap', alignItems: 'center' }}
      data-testid="approval-thresholds"
    >
      <Typography variant="body2" color="text.secondary">
        {t('withdrawals.thresholdsLabel')}
      </Typography>
      {rows.map((r) => (
        <Typography key={r.coinType} variant="body2">
          {r.coinType} <AmountText value={r.secondApprovalAbove} />
        </Typography>
      ))}
      {canEdit && (
        <Button size="small" onClick={() => setEditing(true)}>
          {t('withdrawals.thresholdsEdit')}
        </Button>
      )}
      {editing && (
        <ThresholdDialog
          rows={rows}
          onClose={() => {
            setEditing(false);
          }}
        />
      )}
    </Stack>
  );
}

function ThresholdDialog({
  rows,
  onClose,
}: {
  rows: Array<{ coinType: string; secondApprovalAbove: string }>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const update = useUpdateApprovalThreshold();
  const [coin, setCoin] = useState(rows[0]!.coinType);
  const [value, setValue] = useState(rows[0]!.secondApprovalAbove);
  const problem = value.trim() === '' ? 'format' : thresholdProblem(coin, value);
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth>
      <DialogTitle>{t('withdrawals.thresholdsTitle')}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ mb: 2 }}>
          {t('withdrawals.thresholdsHint')}
        </Typography>
        <Stack spacing={2}>
          <TextField
            select
            label={t('withdrawals.thresholdsCoin')}
            value={coin}
            onChange={(e) => {
              setCoin(e.target.value);
              setValue(rows.find((r) => r.coinType === e.target.value)?.secondApprovalAbove ?? '');
            }}
          >
            {rows.map((r) => (
              <MenuItem key={r.coinType} value={r.coinType}>
                {r.coinType}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label={t('withdrawals.thresholdsAbove')}
            value={value}
            required
            error={value.trim() !== '' && problem !== null}
            helperText={
              value.trim() !== '' && problem !== null
                ? t(`withdrawals.thresholdsProblem.${problem}`)
                : ' '
            }
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            onChange={(e) => setValue(e.target.value)}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('withdrawals.cancel')}</Button>
        <Button
          variant="contained"
          disabled={update.isPending || problem !== null}
          onClick={() =>
            update.mutate(
              { coinType: coin, secondApprovalAbove: value.trim() },
              {
                onSuccess: (saved) => {
                  notifySuccess(
                    t('withdrawals.thresholdsSaved', {
                      coin: saved.coinType,
                      value: saved.secondApprovalAbove,
                    }),
                  );
                  onClose();
                },
              },
            )
          }
        >
          {t('withdrawals.thresholdsSave')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
