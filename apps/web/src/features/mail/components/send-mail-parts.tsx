import { useTranslation } from 'react-i18next';
import { Box, DialogContentText, Paper, Typography } from '@mui/material';
import { ConfirmDialog } from '@/components/confirm-dialog';
import type { MailUser } from '../api/mail-user-search';
import { userLabel } from './recipient-picker';

/** A rendered mail as the server previews it for the chosen audience. */
type Preview = {
  subject: string;
  body: string;
  recipientCount: number;
  language: string;
  namedUsers: readonly MailUser[];
  fingerprint: string;
};

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

/** The rendered mail, how many get it and who. */
export function MailPreview({
  preview,
  audience,
}: {
  preview: Preview;
  audience: 'locale' | 'users';
}) {
  const { t } = useTranslation();
  return (
    <Box>
      <Typography variant="subtitle2">{t('mail.preview')}</Typography>
      <Paper variant="outlined" sx={{ p: 2 }} data-testid="mail-preview">
        <Typography variant="body2" color="text.secondary">
          {t('mail.subject')}
        </Typography>
        <Typography sx={{ fontWeight: 600, mb: 1 }}>{preview.subject}</Typography>
        <Typography component="pre" sx={{ whiteSpace: 'pre-wrap', m: 0, font: 'inherit' }}>
          {preview.body}
        </Typography>
      </Paper>
      <Typography sx={{ mt: 1 }} data-testid="recipient-count">
        {t('mail.recipientCount', { count: preview.recipientCount })}
      </Typography>
      <Recipients audience={audience} language={preview.language} users={preview.namedUsers} />
    </Box>
  );
}

/** Asks before a send: the count and who, then sends (nothing goes out without it). */
export function SendConfirmDialog({
  open,
  preview,
  audience,
  sending,
  onSend,
  onClose,
}: {
  open: boolean;
  preview: Preview | undefined;
  audience: 'locale' | 'users';
  sending: boolean;
  onSend: (preview: Preview) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      open={open}
      onClose={onClose}
      confirmLabel={t('mail.send')}
      confirmDisabled={sending || !preview}
      onConfirm={() => preview && onSend(preview)}
    >
      <DialogContentText>{t('mail.sendConfirm')}</DialogContentText>
      {preview && (
        <>
          <Typography sx={{ mt: 1 }}>
            {t('mail.recipientCount', { count: preview.recipientCount })}
          </Typography>
          <Recipients audience={audience} language={preview.language} users={preview.namedUsers} />
        </>
      )}
    </ConfirmDialog>
  );
}
