import '@/i18n/screens';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Alert,
  Box,
  Button,
  DialogContentText,
  TableCell,
  TableRow,
  Typography,
} from '@mui/material';
import { SimpleTable } from '@/components/data-table/simple-table';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { clearAccessToken } from '@/lib/auth-token';
import { formatDateTime } from '@/lib/date-time';
import { signOutEverywhereSentence } from '@/lib/confirm-sentence';
import { errorMessage } from '@/lib/error-message';
import { TruncatedText } from '@/components/truncated-text';
import { useMySessions, useSignOutEverywhere } from '../api/my-sessions';
import { summariseUserAgent } from '../lib/user-agent';
import { ProfileCard } from './profile-card';
import { scrollTableSx } from '@/components/data-table/scroll-table';

/** The browser a session signed in with, read from its User-Agent (the whole one on hover). */
function SessionBrowser({ userAgent }: { userAgent: string | null }) {
  const { t } = useTranslation();
  if (!userAgent) return <>{t('profile.sessionsBrowserUnknown')}</>;
  const { browser, os } = summariseUserAgent(userAgent);
  const text =
    browser && os ? t('profile.sessionsBrowserOn', { browser, os }) : (browser ?? os ?? undefined);
  // An unrecognised client (a script, a new browser) shows the start of what it sent.
  if (text === undefined) return <TruncatedText text={userAgent} max={40} />;
  return <span title={userAgent}>{text}</span>;
}

/** The admin's own sessions (where and when each signed in) and "sign out everywhere". */
export function SessionsCard() {
  const { t } = useTranslation();
  const sessions = useMySessions();
  const signOutEverywhere = useSignOutEverywhere();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // The app's own dialog (issue 35: the browser's confirm box was not the console's language).
  const [asking, setAsking] = useState(false);
  const onSignOutEverywhere = () => {
    setAsking(false);
    // This session ended too: forget it locally and go to the sign-in page (as useLogout,
    // which features may not import, without revoking the already revoked token again).
    signOutEverywhere.mutate(undefined, {
      onSuccess: () => {
        clearAccessToken();
        void Promise.resolve(navigate('/login', { replace: true })).then(() => queryClient.clear());
      },
    });
  };
  return (
    <ProfileCard title={t('profile.sessionsTitle')}>
      <Typography variant="body2" sx={{ mb: 2 }}>
        {t('profile.sessionsHint')}
      </Typography>
      {sessions.error && <Alert severity="error">{errorMessage(sessions.error, t)}</Alert>}
      {sessions.data && (
        // Four columns do not fit a phone: the table scrolls sideways inside the card.
        <Box role="region" sx={scrollTableSx} tabIndex={0} aria-label={t('profile.sessionsTitle')}>
          <SimpleTable
            aria-label={t('profile.sessionsTitle')}
            data-testid="sessions"
            headers={[
              t('profile.sessionsSignedIn'),
              t('profile.sessionsLastUsed'),
              t('profile.sessionsBrowser'),
              t('profile.sessionsIp'),
              '',
            ]}
          >
            {sessions.data.map((session) => (
              <TableRow key={session.id}>
                <TableCell>{formatDateTime(String(session.createdAt))}</TableCell>
                <TableCell>{formatDateTime(String(session.lastUsedAt))}</TableCell>
                <TableCell>
                  <SessionBrowser userAgent={session.userAgent ?? null} />
                </TableCell>
                <TableCell>{session.ip ?? ''}</TableCell>
                <TableCell>{session.current ? t('profile.sessionsCurrent') : ''}</TableCell>
              </TableRow>
            ))}
          </SimpleTable>
        </Box>
      )}
      {signOutEverywhere.error && (
        <Alert severity="error">{errorMessage(signOutEverywhere.error, t)}</Alert>
      )}
      <Box sx={{ mt: 2 }}>
        <Button
          color="error"
          variant="outlined"
          onClick={() => setAsking(true)}
          disabled={signOutEverywhere.isPending}
          aria-haspopup="dialog"
          data-testid="sign-out-everywhere"
        >
          {t('profile.sessionsSignOutEverywhere')}
        </Button>
      </Box>
      <ConfirmDialog
        open={asking}
        onClose={() => setAsking(false)}
        title={t('profile.sessionsSignOutEverywhere')}
        confirmLabel={t('profile.sessionsSignOutEverywhere')}
        destructive
        confirmTestId="sign-out-everywhere-confirm"
        onConfirm={onSignOutEverywhere}
      >
        <DialogContentText data-testid="sign-out-everywhere-text">
          {signOutEverywhereSentence(t, sessions.data?.length ?? 1)}
        </DialogContentText>
      </ConfirmDialog>
    </ProfileCard>
  );
}
