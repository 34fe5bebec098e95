import '@/i18n/lists';
import '@/i18n/screens';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { List, ListItem, ListItemText } from '@mui/material';
import type { WithdrawalRequestTimelineQuery } from '@/gql/graphql';
import { formatDateTime } from '@/lib/date-time';

/** One step of a request's history, as the API types it (from the audit event registry). */
export type TimelineStep = WithdrawalRequestTimelineQuery['withdrawalRequestTimeline'][number];

/** What a step adds to its operation and status, in the admin's language (or null). */
function timelineDetail(step: TimelineStep, t: TFunction): string | null {
  if (step.rejectCode)
    return `${t(`withdrawals.rejectCodes.${step.rejectCode}`)}: ${step.rejectReason ?? ''}`;
  if (step.failureReason) return step.failureReason;
  // A principal withdrawal of an ETH plan is completed with its ETH hash alone.
  const hashes = [step.transactionHash, step.ethTransactionHash].filter(Boolean);
  if (hashes.length > 0) return hashes.join(' / ');
  if (step.exportBatchId) return t('withdrawals.timelineBatch', { id: step.exportBatchId });
  if (step.approvals !== null && step.approvals !== undefined && step.requiredApprovals)
    return t('withdrawals.approvalsOf', {
      count: step.approvals,
      required: step.requiredApprovals,
    });
  return null;
}

/** A request's timeline: each step's operation, the status it moved to, its detail, who and when. */
export function WithdrawalTimeline({ steps }: { steps: readonly TimelineStep[] }) {
  const { t } = useTranslation();
  return (
    <List dense data-testid="withdrawal-timeline">
      {steps.map((step, i) => {
        const detail = timelineDetail(step, t);
        const status = step.toStatus ? ` → ${t(`withdrawalStatus.${step.toStatus}`)}` : '';
        return (
          <ListItem key={i} disableGutters>
            <ListItemText
              primary={`${t(`withdrawals.operations.${step.operation}`)}${status}${detail ? ` (${detail})` : ''}`}
              secondary={`${formatDateTime(step.at)}${step.adminUserName ? ` · ${step.adminUserName}` : ''}`}
            />
          </ListItem>
        );
      })}
    </List>
  );
}
