import '@/i18n/screens';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
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
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { SelectField } from '@/components/select-field';
import { ConfirmDialog } from '@/components/confirm-dialog';
import AddIcon from '@mui/icons-material/Add';
import { isBlankText, NOTIFICATIONS_SHAPE, SUPPORTED_LOCALES } from '@app/shared';
import { dateTimeColumn } from '@/components/data-table/columns';
import { DataTable, pagedQueryProps } from '@/components/data-table/data-table';
import { TimeZoneNote } from '@/components/filtered-list';
import { listTableProps } from '@/components/list-screen';
import { GuardedAction } from '@/components/guarded-action';
import { adminTimeZone, fromZoneInput, toZoneInput } from '@/lib/date-time';
import { errorMessage } from '@/lib/error-message';
import { dismissToast, getFeedback, notifySuccess, showErrorToast } from '@/lib/feedback';
import { truncateText } from '@/lib/format';
import { listView } from '@/lib/list-declaration';
import { defineListScreen, useListQuery } from '@/lib/list-query';
import { useCurrentAdmin } from '@/lib/session/use-current-admin';
import { useDeleteNotification } from '../api/delete-notification';
import { useMailPreview } from '../api/mail-preview';
import { notifications as notificationsQuery } from '../api/notifications';
import { useSaveNotification, type NotificationInput } from '../api/save-notification';
import { useSendMail } from '../api/send-mail';
import { DateInput } from '@/components/date-input';

type Row = ReturnType<typeof notificationsQuery.page>['list'][number];

/** What a row's buttons do (the page's dialogs). */
type RowActions = { edit: (n: Row) => void; send: (n: Row) => void; remove: (n: Row) => void };

// The server's sort targets (NOTIFICATIONS_SORT_TARGETS); newest notified first by default.
// `context`: what the row buttons open.
const NOTIFICATIONS = defineListScreen({
  // The language filter is the API's, not this screen's.
  view: listView(NOTIFICATIONS_SHAPE, { omit: ['language'] }),
  query: {
    ...notificationsQuery,
    variables: (_search, pagination, _actions: RowActions) => ({ pagination }),
  },
  label: (t) => t('mail.listLabel'),
  storageKey: 'notifications',
  fields: () => [],
  columns: (t, actions) => [
    {
      id: 'title',
      label: t('mail.fields.title'),
      render: (n) => truncateText(n.title),
      hideable: false,
    },
    {
      id: 'language',
      label: t('mail.fields.language'),
      render: (n) => t(`mail.language.${n.language as 'ja' | 'en'}`),
    },
    {
      id: 'isPublic',
      label: t('mail.fields.isPublic'),
      render: (n) => (
        <Chip
          size="small"
          color={n.isPublic ? 'success' : 'default'}
          label={n.isPublic ? t('mail.public') : t('mail.private')}
        />
      ),
    },
    dateTimeColumn({
      id: 'notifiedAt',
      label: t('mail.fields.notifiedAt'),
      sortable: true,
      value: (n) => n.notifiedAt,
    }),
    {
      id: 'actions',
      label: '',
      hideable: false,
      align: 'right',
      render: (n) => (
        <Box sx={{ whiteSpace: 'nowrap' }}>
          <GuardedAction>
            <Button size="small" aria-haspopup="dialog" onClick={() => actions.edit(n)}>
              {t('mail.edit')}
            </Button>
          </GuardedAction>
          <GuardedAction>
            <Button size="small" aria-haspopup="dialog" onClick={() => actions.send(n)}>
              {t('mail.sendMail')}
            </Button>
          </GuardedAction>
          <GuardedAction>
            <Button
              size="small"
              color="error"
              aria-haspopup="dialog"
              onClick={() => actions.remove(n)}
            >
              {t('mail.delete')}
            </Button>
          </GuardedAction>
        </Box>
      ),
    },
  ],
  getRowId: (n) => n.id,
  emptyText: (t) => t('mail.empty'),
});

/** /common/notification: notifications (create, edit, delete) and their send-mail action. */
export function NotificationPage() {
  const { t } = useTranslation();
  const me = useCurrentAdmin();
  const [editing, setEditing] = useState<Row | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Row | null>(null);
  const [sending, setSending] = useState<Row | null>(null);
  const actions: RowActions = { edit: setEditing, send: setSending, remove: setDeleting };
  const { list, query: notifications } = useListQuery(NOTIFICATIONS, actions);
  const remove = useDeleteNotification();

  // The buttons depend on the admin's role: drawn only once it is known, so that they never
  // animate from disabled grey to their colour (a half-way frame fails the AA contrast check).
  if (!me.data) return <LinearProgress aria-label={t('app.loading')} />;

  return (
    <Card variant="outlined">
      <Stack spacing={2} sx={{ p: 2 }}>
        <Box>
          <GuardedAction>
            <Button
              variant="contained"
              startIcon={<AddIcon />}
              aria-haspopup="dialog"
              onClick={() => setEditing('new')}
            >
              {t('mail.create')}
            </Button>
          </GuardedAction>
        </Box>
        <DataTable
          {...listTableProps(NOTIFICATIONS, t, actions)}
          list={list}
          {...pagedQueryProps(notifications)}
        />
        <TimeZoneNote />
      </Stack>
      {editing && (
        <NotificationDialog
          row={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
      <Dialog open={deleting !== null} onClose={() => setDeleting(null)}>
        <DialogContent>
          <DialogContentText>{t('mail.deleteConfirm')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDeleting(null)}>{t('mail.cancel')}</Button>
          <Button
            color="error"
            onClick={() =>
              remove.mutate(
                { notificationId: deleting!.id },
                {
                  onSuccess: () => notifySuccess(t('mail.deleted')),
                  onError: (e) => showErrorToast(errorMessage(e, t)),
                  onSettled: () => setDeleting(null),
                },
              )
            }
          >
            {t('mail.delete')}
          </Button>
        </DialogActions>
      </Dialog>
      {sending && <SendConfirmDialog row={sending} onClose={() => setSending(null)} />}
    </Card>
  );
}

const FORM_FIELDS = ['title', 'language', 'content', 'notifiedAt'] as const;
type FormField = (typeof FORM_FIELDS)[number];

function NotificationDialog({ row, onClose }: { row: Row | null; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSaveNotification();
  const [form, setForm] = useState<Omit<NotificationInput, 'notifiedAt'>>({
    title: row?.title ?? '',
    content: row?.content ?? '',
    language: row?.language ?? '',
    isPublic: row?.isPublic ?? true,
  });
  // Wall-clock time in the business zone. An edit sends it only when the operator changed it,
  // so saving keeps the notified-at users saw (docs/api.md, "Notifications and mail").
  const shownNotifiedAt = toZoneInput(row?.notifiedAt);
  const [notifiedAt, setNotifiedAt] = useState(shownNotifiedAt);
  // Every problem of the form at once, each beside its field ('' : one the server names no
  // field for, shown under the form).
  const [problems, setProblems] = useState<Partial<Record<FormField | '', string>>>({});
  const submit = () => {
    // Every missing or blank field at once (issue 35: the server names one per save). The
    // shared "blank" rule: spaces or invisible characters alone are no title or content.
    const found: Partial<Record<FormField, string>> = {};
    const text = (field: 'title' | 'content', required: string) => {
      if (form[field] === '') found[field] = required;
      else if (isBlankText(form[field])) found[field] = t('errors.reasons.BLANK_TEXT');
    };
    text('title', t('errors.reasons.TITLE_REQUIRED'));
    if (form.language === '') found.language = t('errors.reasons.LANGUAGE_REQUIRED');
    text('content', t('errors.reasons.CONTENT_REQUIRED'));
    const changedAt = notifiedAt !== shownNotifiedAt && notifiedAt !== '';
    const at = changedAt ? fromZoneInput(notifiedAt) : null;
    if (changedAt && at === null) found.notifiedAt = t('mail.invalidDateTime');
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    save.mutate(
      { ...form, ...(at ? { notifiedAt: at } : {}), ...(row ? { id: row.id } : {}) },
      {
        onSuccess: () => {
          // An error toast of an earlier try does not outlive the save that succeeded.
          const toast = getFeedback().toast;
          if (toast) dismissToast(toast.id);
          notifySuccess(t('mail.saved'));
          onClose();
        },
        onError: (error) => {
          const field = (error as { errors?: Array<{ extensions?: { field?: string } }> })
            .errors?.[0]?.extensions?.field;
          const known = FORM_FIELDS.find((f) => f === field) ?? '';
          setProblems({ [known]: errorMessage(error, t) });
        },
      },
    );
  };
  const fieldProps = (field: FormField) => ({
    error: Boolean(problems[field]),
    helperText: problems[field],
  });
  return (
    <ConfirmDialog
      onClose={onClose}
      title={row ? t('mail.edit') : t('mail.create')}
      width="sm"
      confirmLabel={t('mail.save')}
      onConfirm={submit}
      confirmDisabled={save.isPending}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <TextField
          label={t('mail.fields.title')}
          value={form.title}
          {...fieldProps('title')}
          onChange={(e) => setForm({ ...form, title: e.target.value })}
        />
        <SelectField
          label={t('mail.fields.language')}
          value={form.language}
          {...fieldProps('language')}
          options={SUPPORTED_LOCALES}
          optionLabel={(locale) => t(`mail.language.${locale}`)}
          onValue={(language) => setForm({ ...form, language })}
        />
        <TextField
          label={t('mail.fields.content')}
          value={form.content}
          multiline
          minRows={5}
          {...fieldProps('content')}
          onChange={(e) => setForm({ ...form, content: e.target.value })}
        />
        <DateInput
          withTime
          size="medium"
          fullWidth
          sx={{}}
          label={`${t('mail.fields.notifiedAt')} (${adminTimeZone()})`}
          value={notifiedAt}
          data-testid="notified-at"
          error={Boolean(problems.notifiedAt)}
          helperText={
            problems.notifiedAt ??
            t(row ? 'mail.notifiedAtEdit' : 'mail.notifiedAtNew', { zone: adminTimeZone() })
          }
          onChange={setNotifiedAt}
        />
        <FormControlLabel
          control={
            <Switch
              checked={form.isPublic}
              onChange={(e) => setForm({ ...form, isPublic: e.target.checked })}
            />
          }
          label={t('mail.fields.isPublic')}
        />
        {problems[''] && <Typography color="error">{problems['']}</Typography>}
      </Stack>
    </ConfirmDialog>
  );
}

/** The spec's confirmation before a send, with the recipient count of the default audience. */
function SendConfirmDialog({ row, onClose }: { row: Row; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const preview = useMailPreview(row.id, { audience: 'locale', userIds: [] });
  const send = useSendMail();
  const count = preview.data?.mailPreview.recipientCount;
  return (
    <ConfirmDialog
      onClose={onClose}
      title={t('mail.sendMail')}
      extraActions={
        <Button onClick={() => navigate(`/common/send_mail?notificationId=${row.id}`)}>
          {t('mail.openSendMail')}
        </Button>
      }
      confirmLabel={t('mail.send')}
      confirmDisabled={send.isPending || !preview.data}
      onConfirm={() =>
        preview.data &&
        send.mutate(
          {
            notificationId: row.id,
            audience: 'locale',
            userIds: [],
            fingerprint: preview.data.mailPreview.fingerprint,
          },
          {
            onSuccess: (result) => {
              notifySuccess(t('mail.queued', { count: result.recipientCount }));
              navigate(`/common/send_mail?notificationId=${row.id}&sendId=${result.mailSendId}`);
            },
            onError: (e) => showErrorToast(errorMessage(e, t)),
          },
        )
      }
    >
      <DialogContentText>{t('mail.sendConfirm')}</DialogContentText>
      <Typography sx={{ mt: 1 }}>{row.title}</Typography>
      {count !== undefined && (
        <Typography color="text.secondary">{t('mail.recipientCount', { count })}</Typography>
      )}
    </ConfirmDialog>
  );
}
