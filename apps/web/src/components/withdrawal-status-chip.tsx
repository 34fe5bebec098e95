import type { TFunction } from 'i18next';
import { Chip, type ChipProps } from '@mui/material';
import type { WithdrawalStatus } from '@app/shared';

// Outlined chips in colours whose text keeps AA contrast on the light theme (info and warning
// do not), so failures stand out without failing the accessibility check.
const STATUS_COLORS: Record<WithdrawalStatus, ChipProps['color']> = {
  requested: 'default',
  approved: 'secondary',
  processing: 'primary',
  completed: 'success',
  failed: 'error',
  rejected: 'error',
};

/**
 * A withdrawal status as a small coloured chip with its translated name: the withdrawal
 * screens' rows and detail, and a user's withdrawal history.
 */
export function WithdrawalStatusChip({ status, t }: { status: WithdrawalStatus; t: TFunction }) {
  return (
    <Chip
      size="small"
      variant="outlined"
      color={STATUS_COLORS[status]}
      label={t(`withdrawalStatus.${status}`)}
    />
  );
}
