import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
} from '@mui/material';
import { useFeedback } from '@/lib/feedback';
import { useLogout } from './use-logout';

/**
 * The blocking dialog for `Authorization error [no auth]` (spec sections 4 and 8): it cannot
 * be dismissed by Escape or a click outside; OK signs out, and signing in again returns to the
 * page the admin was on (issue 35).
 */
export function AuthExpiredDialog() {
  const { t } = useTranslation();
  const { authExpired } = useFeedback();
  const logout = useLogout();
  const location = useLocation();
  return (
    <Dialog
      open={authExpired}
      disableEscapeKeyDown
      onClose={() => undefined}
      role="alertdialog"
      aria-labelledby="auth-expired-title"
      aria-describedby="auth-expired-message"
    >
      <DialogTitle id="auth-expired-title">{t('auth.expiredTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText id="auth-expired-message">{t('auth.expiredMessage')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button
          variant="contained"
          // Signed in again, the admin comes back to this page with its filters.
          onClick={() => logout(location.pathname + location.search + location.hash)}
          autoFocus
        >
          {t('auth.ok')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
