import '@/i18n/screens';
import { useTranslation } from 'react-i18next';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { clearAccessToken } from '@/lib/auth-token';
import { formatDateTime } from '@/lib/date-time';
import { errorMessage } from '@/lib/error-message';
import { useMySessions, useSignOutEverywhere } from '../api/my-sessions';

/** The admin's own sessions (where and when each signed in) and "sign out everywhere". */
export function SessionsCard() {
  const { t } = useTranslation();
  const sessions = useMySessions();
  const signOutEverywhere = useSignOutEverywhere();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const onSignOutEverywhere = () => {
    if (!window.confirm(t('profile.sessionsConfirm'))) return;
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
    <Card variant="outlined">
      <CardContent>
        <Typography component="h2" variant="h6" gutterBottom>
          {t('profile.sessionsTitle')}
        </Typography>
        <Typography variant="body2" sx={{ mb: 2 }}>
          {t('profile.sessionsHint')}
        </Typography>
        {sessions.error && <Alert severity="error">{errorMessage(sessions.error, t)}</Alert>}
        {sessions.data && (
          <Table size="small" aria-label={t('profile.sessionsTitle')} data-testid="sessions">
            <TableHead>
              <TableRow>
                <TableCell>{t('profile.sessionsSignedIn')}</TableCell>
                <TableCell>{t('profile.sessionsLastUsed')}</TableCell>
                <TableCell>{t('profile.sessionsIp')}</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {sessions.data.map((session) => (
                <TableRow key={session.id}>
                  <TableCell>{formatDateTime(String(session.createdAt))}</TableCell>
                  <TableCell>{formatDateTime(String(session.lastUsedAt))}</TableCell>
                  <TableCell>{session.ip ?? ''}</TableCell>
                  <TableCell>{session.current ? t('profile.sessionsCurrent') : ''}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
        {signOutEverywhere.error && (
          <Alert severity="error">{errorMessage(signOutEverywhere.error, t)}</Alert>
        )}
        <Box sx={{ mt: 2 }}>
          <Button
            color="error"
            variant="outlined"
            onClick={onSignOutEverywhere}
            disabled={signOutEverywhere.isPending}
          >
            {t('profile.sessionsSignOutEverywhere')}
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}
