import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  List,
  ListItem,
  ListItemText,
  MenuItem,
  Paper,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { ConfirmDialog } from '@/components/confirm-dialog';
import {
  CONTACT_MACHINE,
  CONTACT_STATUSES,
  canTransition,
  isBlankText,
  isOneOf,
  MAIL_STATUSES,
  type MailStatus,
} from '@app/shared';
import DownloadIcon from '@mui/icons-material/Download';
import { GuardedAction, useCanWrite } from '@/components/guarded-action';
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
import { useAddContactNote } from '../api/add-contact-note';
import { useReplyToContact } from '../api/reply-to-contact';
import { replySentence } from '@/lib/confirm-sentence';
import '@/i18n/lists';

/** One inquiry: content, categories, files, status and assignee controls, history. */
export function ContactDetailDialog({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const canWrite = useCanWrite();
  const contact = useUserContact(id);
  const choices = useSupportChoices();
  const assign = useAssignContact();
  const updateStatus = useUpdateContactStatus();
  const c = contact.data;
  const statusLabel = (s: string | null | undefined) =>
    s && isOneOf(CONTACT_STATUSES, s) ? t(`support.status.${s}`) : t('support.unassignedLabel');
  // A status is offered when the inquiry may move to it (CONTACT_MACHINE, as the server checks).
  const canBecome = (from: string, to: string) =>
    from === to ||
    (isOneOf(CONTACT_STATUSES, from) &&
      isOneOf(CONTACT_STATUSES, to) &&
      canTransition(CONTACT_MACHINE, from, to));

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
                    <MenuItem key={s.id} value={s.name} disabled={!canBecome(c.status, s.name)}>
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
            <DetailPart
              title={t('support.detail.files')}
              none={t('support.detail.noFiles')}
              empty={c.files.length === 0}
            >
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
            </DetailPart>
            <Messages messages={c.messages} />
            {/* A reader reads the replies and notes; the form to write them is not offered. */}
            {canWrite && <Compose contactId={c.id} inquirer={c.userName} />}
            <DetailPart
              title={t('support.detail.history')}
              none={t('support.detail.noHistory')}
              empty={c.history.length === 0}
            >
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
            </DetailPart>
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('support.detail.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

/** A listed part of the inquiry (its files, its history): the heading, a line when it has none. */
function DetailPart({
  title,
  none,
  empty,
  children,
}: {
  title: string;
  none: string;
  empty: boolean;
  children: ReactNode;
}) {
  return (
    <Box>
      <Typography variant="subtitle2">{title}</Typography>
      {empty && <Typography variant="body2">{none}</Typography>}
      <List dense>{children}</List>
    </Box>
  );
}

type Message = NonNullable<ReturnType<typeof useUserContact>['data']>['messages'][number];
const DELIVERY_COLOR: Record<MailStatus, 'default' | 'info' | 'success' | 'error'> = {
  queued: 'default',
  sending: 'info',
  sent: 'success',
  failed: 'error',
};

/** The inquiry's replies (with their mail's delivery) and internal notes, oldest first. */
function Messages({ messages }: { messages: Message[] }) {
  const { t } = useTranslation();
  return (
    <Box>
      <Typography variant="subtitle2">{t('support.detail.messages')}</Typography>
      {messages.length === 0 && (
        <Typography variant="body2">{t('support.detail.noMessages')}</Typography>
      )}
      <Stack spacing={1} sx={{ mt: 1 }} component="ol" style={{ listStyle: 'none', padding: 0 }}>
        {messages.map((m) => {
          const kind = m.kind === 'reply' ? 'reply' : 'note';
          const delivery = m.delivery?.status;
          // Outbox states are packages/shared's MAIL_STATUSES; an unknown one shows no chip.
          const status = delivery && isOneOf(MAIL_STATUSES, delivery) ? delivery : undefined;
          return (
            <Paper
              key={m.id}
              component="li"
              variant="outlined"
              data-testid={`contact-message-${kind}`}
              sx={{ p: 1.5, bgcolor: kind === 'note' ? 'action.hover' : undefined }}
            >
              <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" alignItems="center">
                <Chip
                  size="small"
                  variant="outlined"
                  color={kind === 'reply' ? 'primary' : 'default'}
                  label={t(`support.detail.kinds.${kind}`)}
                />
                {status && (
                  <Chip
                    size="small"
                    color={DELIVERY_COLOR[status]}
                    label={t(`support.detail.delivery.${status}`)}
                    data-testid="reply-delivery"
                    title={m.delivery?.smtpResponse ?? undefined}
                  />
                )}
                <Typography variant="body2" color="text.secondary">
                  {formatDateTime(m.createdAt)} · {m.adminUserName ?? ''}
                  {m.delivery &&
                    ` · ${t('support.detail.deliveryTo', { address: m.delivery.toAddress })}`}
                </Typography>
              </Stack>
              <Typography sx={{ whiteSpace: 'pre-wrap', mt: 1 }}>{m.body}</Typography>
            </Paper>
          );
        })}
      </Stack>
    </Box>
  );
}

/** Writes a reply (mailed to the inquirer) or an internal note (admins only). */
function Compose({ contactId, inquirer }: { contactId: string; inquirer: string }) {
  const { t } = useTranslation();
  const reply = useReplyToContact();
  const note = useAddContactNote();
  const [kind, setKind] = useState<'reply' | 'note'>('reply');
  const [body, setBody] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const pending = reply.isPending || note.isPending;
  // A reply goes out by mail and cannot be taken back: the operator confirms it first.
  const [asking, setAsking] = useState(false);
  const submit = (confirmed = false) => {
    // The server's rule (blank is blank, at most 10,000 characters) is the one that decides; a
    // blank text is answered here without a call.
    if (isBlankText(body)) {
      setProblem(t('errors.input.required', { field: t('support.detail.body') }));
      return;
    }
    if (kind === 'reply' && !confirmed) {
      setAsking(true);
      return;
    }
    setAsking(false);
    const mutation = kind === 'reply' ? reply : note;
    mutation.mutate(
      { userContactId: contactId, body },
      {
        onSuccess: () => {
          notifySuccess(
            t(kind === 'reply' ? 'support.detail.replyQueued' : 'support.detail.noteAdded'),
          );
          setBody('');
          setProblem(null);
        },
        onError: (error) => setProblem(errorMessage(error, t)),
      },
    );
  };
  return (
    <Box component="section" aria-label={t('support.detail.compose')}>
      <Typography variant="subtitle2" sx={{ mb: 1 }}>
        {t('support.detail.compose')}
      </Typography>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={kind}
        onChange={(_e, next: 'reply' | 'note' | null) => {
          if (next) setKind(next);
        }}
        sx={{ mb: 1 }}
      >
        <ToggleButton value="reply">{t('support.detail.kinds.reply')}</ToggleButton>
        <ToggleButton value="note">{t('support.detail.kinds.note')}</ToggleButton>
      </ToggleButtonGroup>
      <TextField
        fullWidth
        multiline
        minRows={3}
        label={t('support.detail.body')}
        value={body}
        error={problem !== null}
        helperText={
          problem ?? t(kind === 'reply' ? 'support.detail.replyHint' : 'support.detail.noteHint')
        }
        onChange={(e) => setBody(e.target.value)}
      />
      <Box sx={{ mt: 1, textAlign: 'right' }}>
        <Button variant="contained" disabled={pending} onClick={() => submit()}>
          {t(kind === 'reply' ? 'support.detail.sendReply' : 'support.detail.addNote')}
        </Button>
      </Box>
      <ConfirmDialog
        open={asking}
        onClose={() => setAsking(false)}
        title={t('support.detail.sendReply')}
        confirmLabel={t('support.detail.sendReply')}
        onConfirm={() => submit(true)}
        confirmTestId="reply-confirm"
      >
        <DialogContentText data-testid="reply-confirm-text">
          {replySentence(t, inquirer)}
        </DialogContentText>
      </ConfirmDialog>
    </Box>
  );
}
