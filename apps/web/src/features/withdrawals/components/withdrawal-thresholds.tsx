import '@/i18n/screens';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Box, Button, Stack, TextField, Typography } from '@mui/material';
import { SelectField } from '@/components/select-field';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { checkDecimalText, compareDecimals, UNIT_SCALES, type MoneyUnit } from '@app/shared';
import { AmountText, AmountSentence } from '@/components/amount-text';
import type { ApprovalThresholdFragment } from '@/gql/graphql';
import { exactAmountText } from '@/lib/amount';
import { formatDateTime } from '@/lib/date-time';
import { notifySuccess } from '@/lib/feedback';
import { hasRole } from '@/lib/roles';
import { useCurrentAdmin } from '@/lib/session/use-current-admin';
import {
  useApprovalThresholds,
  useCancelThresholdChange,
  useConfirmThresholdChange,
  useUpdateApprovalThreshold,
} from '../api/withdrawal-thresholds';

/** Why a typed threshold is not acceptable (the server checks the same), or null. */
function thresholdProblem(
  coin: string,
  value: string,
  current: string | undefined,
): 'format' | 'positive' | 'unchanged' | null {
  const text = value.trim();
  const scale = coin in UNIT_SCALES ? UNIT_SCALES[coin as MoneyUnit] : 18;
  if (checkDecimalText(text, { scale }) !== null) return 'format';
  if (!/[1-9]/.test(text)) return 'positive';
  if (current !== undefined && compareDecimals(text, current) === 0) return 'unchanged';
  return null;
}

/**
 * The per-coin two-person approval thresholds: shown to every admin on the withdrawal
 * screens (why a request needs two approvals), changed by super admins only. A raise weakens
 * the control: it shows here as pending, with who proposed it and when, until another super
 * admin confirms it (or it is withdrawn); a lowering applies at once.
 */
export function ApprovalThresholds() {
  const { t } = useTranslation();
  const thresholds = useApprovalThresholds();
  const admin = useCurrentAdmin();
  const canEdit = hasRole(admin.data, 'super_admin');
  const [editing, setEditing] = useState(false);
  const rows = thresholds.data ?? [];
  if (rows.length === 0) return null;
  const pending = rows.flatMap((r) => (r.pendingChange ? [r.pendingChange] : []));
  return (
    <Box sx={{ mb: 2 }} data-testid="approval-thresholds">
      <Stack
        direction="row"
        spacing={1.5}
        useFlexGap
        sx={{ flexWrap: 'wrap', alignItems: 'center' }}
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
          <Button size="small" aria-haspopup="dialog" onClick={() => setEditing(true)}>
            {t('withdrawals.thresholdsEdit')}
          </Button>
        )}
      </Stack>
      {pending.map((change) => (
        <PendingChange
          key={change.id}
          change={change}
          canDecide={canEdit}
          mine={
            change.proposedByAdminUserId !== null && change.proposedByAdminUserId === admin.data?.id
          }
        />
      ))}
      {editing && <ThresholdDialog rows={rows} onClose={() => setEditing(false)} />}
    </Box>
  );
}

type Change = NonNullable<ApprovalThresholdFragment['pendingChange']>;

/** A raise awaiting a second admin: who and when, and (super admins) confirm or withdraw. */
function PendingChange({
  change,
  canDecide,
  mine,
}: {
  change: Change;
  canDecide: boolean;
  mine: boolean;
}) {
  const { t } = useTranslation();
  const confirm = useConfirmThresholdChange();
  const cancel = useCancelThresholdChange();
  const busy = confirm.isPending || cancel.isPending;
  /** A decision's click: the write on this change, then its notice from what it answers. */
  const decide =
    <R,>(
      write: {
        mutate: (variables: { id: string }, options: { onSuccess: (saved: R) => void }) => void;
      },
      notice: (saved: R) => string,
    ) =>
    () =>
      write.mutate({ id: change.id }, { onSuccess: (saved) => notifySuccess(notice(saved)) });
  return (
    <Alert
      severity="warning"
      sx={{ mt: 1, alignItems: 'center' }}
      data-testid={`pending-threshold-${change.coinType}`}
      action={
        canDecide && (
          <Stack direction="row" spacing={1}>
            {!mine && (
              <Button
                color="inherit"
                size="small"
                variant="outlined"
                disabled={busy}
                onClick={decide(confirm, (saved) =>
                  t('withdrawals.thresholdsConfirmed', {
                    coin: saved.coinType,
                    value: exactAmountText(saved.secondApprovalAbove),
                  }),
                )}
              >
                {t('withdrawals.thresholdsConfirm')}
              </Button>
            )}
            <Button
              color="inherit"
              size="small"
              disabled={busy}
              onClick={decide(cancel, () =>
                t('withdrawals.thresholdsWithdrawn', { coin: change.coinType }),
              )}
            >
              {t(mine ? 'withdrawals.thresholdsWithdraw' : 'withdrawals.thresholdsDecline')}
            </Button>
          </Stack>
        )
      }
    >
      <AmountSentence
        sentence={(value) =>
          t('withdrawals.thresholdsPending', {
            coin: change.coinType,
            value,
            admin: change.proposedByAdminUserName,
            at: formatDateTime(change.proposedAt),
          })
        }
        value={change.toValue}
      />
      {mine && <> {t('withdrawals.thresholdsOwnProposal')}</>}
    </Alert>
  );
}

function ThresholdDialog({
  rows,
  onClose,
}: {
  rows: ApprovalThresholdFragment[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const update = useUpdateApprovalThreshold();
  const [coin, setCoin] = useState(rows[0]!.coinType);
  const [value, setValue] = useState(rows[0]!.secondApprovalAbove);
  const current = rows.find((r) => r.coinType === coin);
  const problem =
    value.trim() === '' ? 'format' : thresholdProblem(coin, value, current?.secondApprovalAbove);
  // Which way the typed value goes: a raise waits for a second admin, a lowering applies.
  const direction =
    problem === null && current ? compareDecimals(value.trim(), current.secondApprovalAbove) : 0;
  const blockedByPending = direction > 0 && current?.pendingChange != null;
  return (
    <ConfirmDialog
      onClose={onClose}
      title={t('withdrawals.thresholdsTitle')}
      width="xs"
      confirmLabel={t('withdrawals.thresholdsSave')}
      confirmDisabled={update.isPending || problem !== null || blockedByPending}
      onConfirm={() =>
        update.mutate(
          { coinType: coin, secondApprovalAbove: value.trim() },
          {
            onSuccess: (saved) => {
              notifySuccess(
                saved.pendingChange && direction > 0
                  ? t('withdrawals.thresholdsProposed', {
                      coin: saved.coinType,
                      value: exactAmountText(saved.pendingChange.toValue),
                    })
                  : t('withdrawals.thresholdsSaved', {
                      coin: saved.coinType,
                      value: exactAmountText(saved.secondApprovalAbove),
                    }),
              );
              onClose();
            },
          },
        )
      }
    >
      <Typography variant="body2" sx={{ mb: 2 }}>
        {t('withdrawals.thresholdsHint')}
      </Typography>
      <Stack spacing={2}>
        <SelectField
          label={t('withdrawals.thresholdsCoin')}
          value={coin}
          options={rows.map((r) => r.coinType)}
          optionLabel={(c) => c}
          onValue={(c) => {
            setCoin(c);
            setValue(rows.find((r) => r.coinType === c)?.secondApprovalAbove ?? '');
          }}
        />
        <TextField
          label={t('withdrawals.thresholdsAbove')}
          value={value}
          required
          error={value.trim() !== '' && problem !== null && problem !== 'unchanged'}
          helperText={
            value.trim() !== '' && problem !== null
              ? t(`withdrawals.thresholdsProblem.${problem}`)
              : ' '
          }
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          onChange={(e) => setValue(e.target.value)}
        />
        {direction > 0 && !blockedByPending && (
          <Alert severity="info" data-testid="threshold-raise-hint">
            {t('withdrawals.thresholdsRaiseHint')}
          </Alert>
        )}
        {direction < 0 && (
          <Typography variant="body2" color="text.secondary">
            {t('withdrawals.thresholdsLowerHint')}
          </Typography>
        )}
        {blockedByPending && (
          <Alert severity="warning">{t('withdrawals.thresholdsPendingExists')}</Alert>
        )}
      </Stack>
    </ConfirmDialog>
  );
}
