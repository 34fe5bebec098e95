import { useTranslation } from 'react-i18next';
import {
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItem,
  ListItemText,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { GuardedAction } from '@/components/guarded-action';
import { formatDateTime } from '@/lib/date-time';
import { downloadFile } from '@/lib/download';
import { errorMessage } from '@/lib/error-message';
import { notifySuccess, showErrorToast } from '@/lib/feedback';
import { formatNumber } from '@/lib/format';
import {
  useAssignContact,
  useSupportChoices,
  useUpdateContactStatus,
  useUserContact,
} from '../api/support';

type StatusName = 'backlog' | 'wip' | 'closed';

/** One inquiry: content, categories, files, status and assignee controls, history. */
export function ContactDetailDialog({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const contact = useUserContact(id);
  const choices = useSupportChoices();
  const assign = useAssignContact();
  const updateStatus = useUpdateContactStatus();
  const c = contact.data;
  const statusLabel = (s: string | null | undefined) =>
    s ? t(`support.status.${s as StatusName}`) : t('support.unassignedLabel');

  const onError = (error: unknown) => showErrorToast(errorMessage(error, t));
  return (
    <Dialog open={id !== null} onClose={onClose} fullWidth maxWidth="md">
      <DialogTitle>{t('support.detail.title', { id })}</DialogTitle>
      <DialogContent dividers>
        {contact.error && <Typography color="error">{errorMessage(contact.error, t)}</Typography>}
        {c && (
          <Stack spacing={2}>
            <Box>
              <Typography variant="h6">{c.title}</Typography>
              <Typography variant="body2" color="text.secondary">
                {c.userName} · {formatDateTime(c.contactedAt)}
              </Typography>
            </Box>
            <Box>
              <Typography variant="subtitle2">{t('support.detail.content')}</Typography>
              <Typography sx={{ whiteSpace: 'pre-wrap' }}>{c.content}</Typography>
            </Box>
            <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" alignItems="center">
              <Typography variant="subtitle2">{t('support.detail.categories')}:</Typography>
              {c.categories.map((k) => (
                <Chip
                  key={k}
                  size="small"
                  label={t(`support.detail.categoryNames.${k}`, { defaultValue: k })}
                />
              ))}
            </Stack>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <GuardedAction>
                <TextField
                  select
                  size="small"
                  label={t('support.detail.statusLabel')}
                  value={c.status}
                  disabled={updateStatus.isPending}
                  sx={{ minWidth: 180 }}
                  onChange={(e) =>
                    updateStatus.mutate(
                      { userContactId: c.id, status: e.target.value },
                      { onSuccess: () => notifySuccess(t('support.detail.saved')), onError },
                    )
                  }
                >
                  {(choices.data?.userContactStatuses ?? []).map((s) => (
                    <MenuItem key={s.id} value={s.name}>
                      {statusLabel(s.name)}
                    </MenuItem>
                  ))}
                </TextField>
              </GuardedAction>
              <GuardedAction>
                <TextField
                  select
                  size="small"
                  label={t('support.detail.assigneeLabel')}
                  value={c.assignee ? String(c.assignee.id) : ''}
                  disabled={assign.isPending}
                  sx={{ minWidth: 220 }}
                  slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
                  onChange={(e) =>
                    assign.mutate(
                      {
                        userContactId: c.id,
                        assigneeUserId: e.target.value ? Number(e.target.value) : null,
                      },
                      { onSuccess: () => notifySuccess(t('support.detail.saved')), onError },
                    )
                  }
                >
                  <MenuItem value="">{t('support.unassignedLabel')}</MenuItem>
                  {(choices.data?.adminUserNames ?? []).map((a) => (
                    <MenuItem key={a.id} value={String(a.id)}>
                      {a.userName}
                    </MenuItem>
                  ))}
                </TextField>
              </GuardedAction>
            </Stack>
            <Box>
              <Typography variant="subtitle2">{t('support.detail.files')}</Typography>
              {c.files.length === 0 && (
                <Typography variant="body2">{t('support.detail.noFiles')}</Typography>
              )}
              <List dense>
                {c.files.map((f) => (
                  <ListItem
                    key={f.id}
                    secondaryAction={
                      <Button
                        size="small"
                        startIcon={<DownloadIcon />}
                        onClick={() => downloadFile(f.downloadUrl, f.fileName).catch(onError)}
                      >
                        {t('support.detail.download')}
                      </Button>
                    }
                  >
                    <ListItemText
                      primary={f.fileName}
                      secondary={`${f.contentType} · ${formatNumber(f.sizeBytes)} B`}
                    />
                  </ListItem>
                ))}
              </List>
            </Box>
            <Box>
              <Typography variant="subtitle2">{t('support.detail.history')}</Typography>
              {c.history.length === 0 && (
                <Typography variant="body2">{t('support.detail.noHistory')}</Typography>
              )}
              <List dense>
                {c.history.map((h) => (
                  <ListItem key={h.id}>
                    <ListItemText
                      primary={
                        h.field === 'status'
                          ? t('support.detail.historyStatus', {
                              from: statusLabel(h.fromValue),
                              to: statusLabel(h.toValue),
                            })
                          : t('support.detail.historyAssignee', {
                              from: h.fromValue ?? t('support.unassignedLabel'),
                              to: h.toValue ?? t('support.unassignedLabel'),
                            })
                      }
                      secondary={`${formatDateTime(h.changedAt)} · ${h.adminUserName ?? ''}`}
                    />
                  </ListItem>
                ))}
              </List>
            </Box>
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('support.detail.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
