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
  FormControlLabel,
  LinearProgress,
  Radio,
  RadioGroup,
  Stack,
  Typography,
} from '@mui/material';
import { MAIL_RECIPIENTS_SHAPE, MAIL_SENDS_SHAPE, type MailStatus } from '@app/shared';
import { GuardedAction, useReadOnly, WriteForm } from '@/components/guarded-action';
import { dateTimeColumn } from '@/components/data-table/columns';
import { DataTable, pagedQueryProps } from '@/components/data-table/data-table';
import { TimeZoneNote } from '@/components/filtered-list';
import { listTableProps } from '@/components/list-screen';
import { formatDateTime } from '@/lib/date-time';
import { errorMessage } from '@/lib/error-message';
import { notifySuccess, showErrorToast } from '@/lib/feedback';
import { formatNumber } from '@/lib/format';
import { listView } from '@/lib/list-declaration';
import { defineListScreen, useListQuery } from '@/lib/list-query';
import { mailSendRecipients } from '../api/mail-send-status';
import { useMailPreview, type AudienceChoice } from '../api/mail-preview';
import type { MailUser } from '../api/mail-user-search';
import { useSendMail } from '../api/send-mail';
import { useSendTestMail } from '../api/send-test-mail';
import { mailSends } from '../api/mail-sends';
import { sendProgress } from '../lib/send-progress';
import { NotificationChooser } from './notification-chooser';
import { RecipientPicker } from './recipient-picker';
import { MailPreview, SendConfirmDialog } from './send-mail-parts';

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
  const [audienceKind, setAudienceKind] = useState<'locale' | 'users'>('locale');
  const [chosen, setChosen] = useState<MailUser[]>([]);
  const audience: AudienceChoice = { audience: audienceKind, userIds: chosen.map((u) => u.id) };
  const preview = useMailPreview(notificationId, audience);
  const testSend = useSendTestMail();
  const send = useSendMail();
  const [confirming, setConfirming] = useState(false);
  const readOnly = useReadOnly();

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
        <WriteForm>
          <Stack spacing={2}>
            <NotificationChooser
              notificationId={notificationId}
              readOnly={readOnly}
              onChange={(id) => setParam('notificationId', id)}
            />
            <Box>
              <Typography variant="subtitle2">{t('mail.audience')}</Typography>
              <RadioGroup
                row
                value={audienceKind}
                aria-disabled={readOnly}
                onChange={(e) => setAudienceKind(e.target.value as 'locale' | 'users')}
              >
                <FormControlLabel
                  value="locale"
                  control={<Radio disabled={readOnly} />}
                  label={t('mail.audienceLocale')}
                />
                <FormControlLabel
                  value="users"
                  control={<Radio disabled={readOnly} />}
                  label={t('mail.audienceUsers')}
                />
              </RadioGroup>
              {audienceKind === 'users' && <RecipientPicker value={chosen} onChange={setChosen} />}
            </Box>
            {preview.error && (
              <Typography color="error">{errorMessage(preview.error, t)}</Typography>
            )}
            {preview.data && (
              <MailPreview preview={preview.data.mailPreview} audience={audience.audience} />
            )}
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <GuardedAction unavailable={notificationId === null && t('actions.nothingSelected')}>
                <Button
                  variant="outlined"
                  disabled={testSend.isPending}
                  onClick={() =>
                    testSend.mutate(
                      { notificationId: notificationId! },
                      {
                        onSuccess: (r) => {
                          notifySuccess(t('mail.testSent', { address: r.toAddress }));
                          setParam('sendId', r.mailSendId);
                        },
                        onError,
                      },
                    )
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
        </WriteForm>
      </Card>
      {sendId && <SendProgress sendId={sendId} />}
      <SendHistory notificationId={notificationId} openSend={(id) => setParam('sendId', id)} />
      <SendConfirmDialog
        open={confirming}
        preview={preview.data?.mailPreview}
        audience={audience.audience}
        sending={send.isPending}
        onClose={() => setConfirming(false)}
        onSend={(shown) =>
          send.mutate(
            { notificationId: notificationId!, ...audience, fingerprint: shown.fingerprint },
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
      />
    </Stack>
  );
}

function statusChip(status: string, t: (key: string) => string) {
  return (
    <Chip
      size="small"
      color={STATUS_COLOR[status as MailStatus]}
      label={t(`mail.statuses.${status as MailStatus}`)}
      data-testid="recipient-status"
    />
  );
}

/** Whether a send still has messages queued or sending (its screens poll until not). */
const delivering = (counts: { queued: number; sending: number } | undefined) =>
  counts !== undefined && counts.queued + counts.sending > 0;

// A send's recipients page by page (prefix: the send history is the page's other list);
// polled every second while messages are still queued or sending. `context`: the send.
const RECIPIENTS = defineListScreen({
  view: listView(MAIL_RECIPIENTS_SHAPE, { omit: ['status'], prefix: 'rcpt.' }),
  query: {
    ...mailSendRecipients,
    variables: (_search, pagination, mailSendId: string) => ({ mailSendId, pagination }),
    poll: (page) => (delivering(page.mailSend.counts) ? 1000 : false),
  },
  label: (t) => t('mail.recipients'),
  storageKey: 'mail-recipients',
  fields: () => [],
  columns: (t) => [
    { id: 'to', label: t('mail.to'), render: (r) => r.toAddress, hideable: false },
    { id: 'status', label: t('mail.status'), render: (r) => statusChip(r.status, t) },
    { id: 'attempts', label: t('mail.attempts'), align: 'right', render: (r) => r.attempts },
    { id: 'smtpResponse', label: t('mail.smtpResponse'), render: (r) => r.smtpResponse ?? '' },
    dateTimeColumn({ id: 'sentAt', label: t('mail.sentAt'), value: (r) => r.sentAt }),
  ],
  getRowId: (r) => r.id,
});

function SendProgress({ sendId }: { sendId: string }) {
  const { t } = useTranslation();
  const { list: recipients, query: status } = useListQuery(RECIPIENTS, sendId);
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
      <Typography variant="subtitle2" sx={{ mt: 2, mb: 1 }}>
        {t('mail.recipients')}
      </Typography>
      <DataTable
        {...listTableProps(RECIPIENTS, t, sendId)}
        list={recipients}
        rows={status.data?.list}
        total={status.data?.pagination.totalRecords}
        // The poll does not show as loading: only a new page does.
        loading={status.isFetching && status.isPlaceholderData}
        error={status.error}
        onRetry={() => void status.refetch()}
      />
    </Card>
  );
}

// Earlier sends, newest first, with their counts; polled while one is still delivering.
// `context`: the chosen notification (null: every send).
const SENDS = defineListScreen({
  view: listView(MAIL_SENDS_SHAPE, { omit: ['notificationId'], prefix: 'sends.' }),
  query: {
    ...mailSends,
    variables: (_search, pagination, notificationId: number | null) => ({
      notificationId,
      pagination,
    }),
    poll: (page) => (page.list.some((s) => delivering(s.counts)) ? 2000 : false),
  },
  label: (t) => t('mail.history'),
  storageKey: 'mail-sends',
  fields: () => [],
  columns: (t) => {
    const count = (n: number) => formatNumber(n);
    return [
      dateTimeColumn({
        id: 'createdAt',
        label: t('mail.historyColumns.createdAt'),
        hideable: false,
        value: (s) => s.createdAt,
      }),
      { id: 'subject', label: t('mail.subject'), render: (s) => s.subject },
      {
        id: 'audience',
        label: t('mail.historyColumns.audience'),
        render: (s) =>
          t(`mail.audiences.${s.audience as 'locale' | 'users' | 'test'}`, {
            defaultValue: s.audience,
          }),
      },
      {
        id: 'language',
        label: t('mail.historyColumns.language'),
        render: (s) => t(`mail.language.${s.language === 'en' ? 'en' : 'ja'}`),
      },
      {
        id: 'recipients',
        label: t('mail.historyColumns.recipients'),
        align: 'right',
        render: (s) => count(s.recipientCount),
      },
      {
        id: 'sent',
        label: t('mail.historyColumns.sent'),
        align: 'right',
        render: (s) => count(s.counts.sent),
      },
      {
        id: 'failed',
        label: t('mail.historyColumns.failed'),
        align: 'right',
        render: (s) => count(s.counts.failed),
      },
      {
        id: 'waiting',
        label: t('mail.historyColumns.waiting'),
        align: 'right',
        render: (s) => count(s.counts.queued + s.counts.sending),
      },
      {
        id: 'createdBy',
        label: t('mail.historyColumns.createdBy'),
        render: (s) => s.createdBy ?? '',
      },
    ];
  },
  getRowId: (s) => s.id,
  // With no notification chosen the history is every send's.
  emptyText: (t, notificationId) =>
    t(notificationId === null ? 'mail.historyEmptyAll' : 'mail.historyEmpty'),
});

/** Earlier sends (of the chosen notification, or all), newest first, with their counts. */
function SendHistory({
  notificationId,
  openSend,
}: {
  notificationId: number | null;
  openSend: (id: string) => void;
}) {
  const { t } = useTranslation();
  const { list, query: sends } = useListQuery(SENDS, notificationId);
  return (
    <Card variant="outlined" sx={{ p: 2 }}>
      <Typography variant="subtitle1" component="h2" sx={{ mb: 1 }}>
        {t('mail.history')}
      </Typography>
      <DataTable
        {...listTableProps(SENDS, t, notificationId)}
        list={list}
        onOpenRow={(s) => openSend(s.id)}
        rowLabel={(s) => t('mail.showProgressOf', { date: formatDateTime(s.createdAt) })}
        {...pagedQueryProps(sends)}
      />
      <TimeZoneNote />
    </Card>
  );
}
