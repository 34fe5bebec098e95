import { useTranslation } from 'react-i18next';
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
 * be dismissed by Escape or a click outside; OK signs out.
 */
export function AuthExpiredDialog() {
  const { t } = useTranslation();
  const { authExpired } = useFeedback();
  const logout = useLogout();
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
        <Button variant="contained" onClick={logout} autoFocus>
          {t('auth.ok')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
