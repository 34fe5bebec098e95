import '@/i18n/screens';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import {
  Alert,
  Box,
  Button,
  Card,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  FormControlLabel,
  LinearProgress,
  MenuItem,
  Paper,
  Radio,
  RadioGroup,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import type { MailStatus } from '@app/shared';
import { GuardedAction } from '@/components/guarded-action';
import { formatDateTime } from '@/lib/date-time';
import { errorMessage } from '@/lib/error-message';
import { notifySuccess, showErrorToast } from '@/lib/feedback';
import {
  useMailPreview,
  useMailSendStatus,
  useNotifications,
  useSendMail,
  useSendTestMail,
  type AudienceChoice,
  type MailUser,
} from '../api/mail';
import { sendProgress } from '../lib/send-progress';
import { RecipientPicker, userLabel } from './recipient-picker';

const STATUS_COLOR: Record<MailStatus, 'default' | 'info' | 'success' | 'error'> = {
  queued: 'default',
  sending: 'info',
  sent: 'success',
  failed: 'error',
};

/** /common/send_mail: audience, rendered preview and count, test send, confirm, progress. */
export function SendMailPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const notificationId = params.get('notificationId') ? Number(params.get('notificationId')) : null;
  const sendId = params.get('sendId');
  const notifications = useNotifications();
  const [audienceKind, setAudienceKind] = useState<'locale' | 'users'>('locale');
  const [chosen, setChosen] = useState<MailUser[]>([]);
  const audience: AudienceChoice = { audience: audienceKind, userIds: chosen.map((u) => u.id) };
  const preview = useMailPreview(notificationId, audience);
  const testSend = useSendTestMail();
  const send = useSendMail();
  const [confirming, setConfirming] = useState(false);

  const setParam = (key: string, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value === null) next.delete(key);
    else next.set(key, value);
    setParams(next);
  };
  const onError = (error: unknown) => showErrorToast(errorMessage(error, t));
  const delivery = preview.data?.mailDelivery;

  return (
    <Stack spacing={2}>
      {delivery && !delivery.smtpConfigured && (
        <Alert severity="warning" data-testid="no-smtp">
          {t('mail.noSmtp', { count: delivery.queued })}
        </Alert>
      )}
      <Card variant="outlined" sx={{ p: 2 }}>
        <Stack spacing={2}>
          <TextField
            select
            size="small"
            label={t('mail.chooseNotification')}
            value={notificationId ? String(notificationId) : ''}
            onChange={(e) => setParam('notificationId', e.target.value || null)}
            sx={{ maxWidth: 520 }}
          >
            {(notifications.data?.list ?? []).map((n) => (
              <MenuItem key={n.id} value={String(n.id)}>
                {n.title} ({t(`mail.language.${n.language as 'ja' | 'en'}`)})
              </MenuItem>
            ))}
          </TextField>
          <Box>
            <Typography variant="subtitle2">{t('mail.audience')}</Typography>
            <RadioGroup
              row
              value={audienceKind}
              onChange={(e) => setAudienceKind(e.target.value as 'locale' | 'users')}
            >
              <FormControlLabel
                value="locale"
                control={<Radio />}
                label={t('mail.audienceLocale')}
              />
              <FormControlLabel value="users" control={<Radio />} label={t('mail.audienceUsers')} />
            </RadioGroup>
            {audienceKind === 'users' && <RecipientPicker value={chosen} onChange={setChosen} />}
          </Box>
          {preview.error && <Typography color="error">{errorMessage(preview.error, t)}</Typography>}
          {preview.data && (
            <Box>
              <Typography variant="subtitle2">{t('mail.preview')}</Typography>
              <Paper variant="outlined" sx={{ p: 2 }} data-testid="mail-preview">
                <Typography variant="body2" color="text.secondary">
                  {t('mail.subject')}
                </Typography>
                <Typography sx={{ fontWeight: 600, mb: 1 }}>
                  {preview.data.mailPreview.subject}
                </Typography>
                <Typography component="pre" sx={{ whiteSpace: 'pre-wrap', m: 0, font: 'inherit' }}>
                  {preview.data.mailPreview.body}
                </Typography>
              </Paper>
              <Typography sx={{ mt: 1 }} data-testid="recipient-count">
                {t('mail.recipientCount', { count: preview.data.mailPreview.recipientCount })}
              </Typography>
              <Recipients
                audience={audience.audience}
                language={preview.data.mailPreview.language}
                users={preview.data.mailPreview.namedUsers}
              />
            </Box>
          )}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <GuardedAction unavailable={notificationId === null && t('actions.nothingSelected')}>
              <Button
                variant="outlined"
                disabled={testSend.isPending}
                onClick={() =>
                  testSend.mutate(notificationId!, {
                    onSuccess: (r) => {
                      notifySuccess(t('mail.testSent', { address: r.toAddress }));
                      setParam('sendId', r.mailSendId);
                    },
                    onError,
                  })
                }
              >
                {t('mail.testSend')}
              </Button>
            </GuardedAction>
            <GuardedAction
              unavailable={
                notificationId === null
                  ? t('actions.nothingSelected')
                  : preview.data?.mailPreview.recipientCount === 0 && t('actions.noRecipients')
              }
            >
              <Button
                variant="contained"
                disabled={!preview.data}
                onClick={() => setConfirming(true)}
              >
                {t('mail.send')}
              </Button>
            </GuardedAction>
          </Stack>
        </Stack>
      </Card>
      {sendId && <SendProgress sendId={sendId} />}
      <Dialog open={confirming} onClose={() => setConfirming(false)}>
        <DialogContent>
          <DialogContentText>{t('mail.sendConfirm')}</DialogContentText>
          {preview.data && (
            <>
              <Typography sx={{ mt: 1 }}>
                {t('mail.recipientCount', { count: preview.data.mailPreview.recipientCount })}
              </Typography>
              <Recipients
                audience={audience.audience}
                language={preview.data.mailPreview.language}
                users={preview.data.mailPreview.namedUsers}
              />
            </>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>{t('mail.cancel')}</Button>
          <Button
            variant="contained"
            disabled={send.isPending}
            onClick={() =>
              send.mutate(
                { notificationId: notificationId!, ...audience },
                {
                  onSuccess: (r) => {
                    notifySuccess(t('mail.queued', { count: r.recipientCount }));
                    setParam('sendId', r.mailSendId);
                  },
                  onError,
                  onSettled: () => setConfirming(false),
                },
              )
            }
          >
            {t('mail.send')}
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}

/**
 * Who exactly gets the mail: the named users one by one (as the server resolved them), or the
 * language audience by name.
 */
function Recipients({
  audience,
  language,
  users,
}: {
  audience: 'locale' | 'users';
  language: string;
  users: readonly MailUser[];
}) {
  const { t } = useTranslation();
  if (audience === 'locale') {
    return (
      <Typography variant="body2" color="text.secondary" data-testid="recipients-who">
        {t('mail.recipientsLocale', {
          language: t(`mail.language.${language === 'en' ? 'en' : 'ja'}`),
        })}
      </Typography>
    );
  }
  return (
    <Box data-testid="recipients-who">
      <Typography variant="body2" color="text.secondary">
        {t('mail.recipientsNamed')}
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 3 }} aria-label={t('mail.recipientsNamed')}>
        {users.map((u) => (
          <li key={u.id}>
            <Typography variant="body2">
              {userLabel(u)} · #{u.id}
            </Typography>
          </li>
        ))}
      </Box>
    </Box>
  );
}

function SendProgress({ sendId }: { sendId: string }) {
  const { t } = useTranslation();
  const status = useMailSendStatus(sendId);
  const send = status.data?.mailSend;
  if (status.error) return <Typography color="error">{errorMessage(status.error, t)}</Typography>;
  if (!send) return null;
  const { percent, waiting, preparing } = sendProgress(send.recipientCount, send.counts);
  return (
    <Card variant="outlined" sx={{ p: 2 }}>
      <Typography variant="subtitle1">{t('mail.progress')}</Typography>
      <LinearProgress
        variant="determinate"
        value={percent}
        sx={{ my: 1 }}
        aria-label={t('mail.progress')}
      />
      <Typography data-testid="send-progress">
        {t('mail.progressText', {
          sent: send.counts.sent,
          total: send.recipientCount,
          failed: send.counts.failed,
          queued: waiting,
        })}
      </Typography>
      {preparing > 0 && (
        <Typography color="text.secondary" data-testid="send-preparing">
          {t('mail.preparing', { count: preparing })}
        </Typography>
      )}
      <Typography variant="subtitle2" sx={{ mt: 2 }}>
        {t('mail.recipients')}
      </Typography>
      <TableContainer tabIndex={0}>
        <Table size="small" aria-label={t('mail.recipients')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('mail.to')}</TableCell>
              <TableCell>{t('mail.status')}</TableCell>
              <TableCell align="right">{t('mail.attempts')}</TableCell>
              <TableCell>{t('mail.smtpResponse')}</TableCell>
              <TableCell>{t('mail.sentAt')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {status.data?.mailRecipients.list.map((r) => (
              <TableRow key={r.id}>
                <TableCell>{r.toAddress}</TableCell>
                <TableCell>
                  <Chip
                    size="small"
                    color={STATUS_COLOR[r.status as MailStatus]}
                    label={t(`mail.statuses.${r.status as MailStatus}`)}
                    data-testid="recipient-status"
                  />
                </TableCell>
                <TableCell align="right">{r.attempts}</TableCell>
                <TableCell>{r.smtpResponse ?? ''}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(r.sentAt)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Card>
  );
}
