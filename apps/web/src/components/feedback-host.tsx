import { useTranslation } from 'react-i18next';
import { Alert, Snackbar } from '@mui/material';
import {
  SNACKBAR_TIMEOUT_MS,
  TOAST_TIMEOUT_MS,
  dismissSnackbar,
  dismissToast,
  useFeedback,
} from '@/lib/feedback';

/**
 * Renders the error toast (top-right as the spec says, but under the app bar, so it covers
 * none of the bar's buttons; 5 s, one at a time) and the success snackbar (3 s).
 */
export function FeedbackHost() {
  const { t } = useTranslation();
  const { toast, snackbar } = useFeedback();
  return (
    <>
      <Snackbar
        key={toast ? `toast-${toast.id}` : 'toast'}
        open={Boolean(toast)}
        autoHideDuration={TOAST_TIMEOUT_MS}
        anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
        sx={{ top: { xs: 64, sm: 72 } }}
        onClose={(_event, reason) => {
          if (reason !== 'clickaway' && toast) dismissToast(toast.id);
        }}
      >
        <Alert
          severity="error"
          variant="filled"
          role="alert"
          data-testid="toast"
          onClose={toast ? () => dismissToast(toast.id) : undefined}
          slotProps={{
            closeButton: {
              'aria-label': t('feedback.closeToast'),
              title: t('feedback.closeToast'),
            },
          }}
          sx={{ width: '100%' }}
        >
          {toast?.text}
        </Alert>
      </Snackbar>
      <Snackbar
        key={snackbar ? `snackbar-${snackbar.id}` : 'snackbar'}
        open={Boolean(snackbar)}
        autoHideDuration={SNACKBAR_TIMEOUT_MS}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
        onClose={(_event, reason) => {
          if (reason !== 'clickaway' && snackbar) dismissSnackbar(snackbar.id);
        }}
      >
        <Alert
          severity="success"
          variant="filled"
          role="status"
          data-testid="snackbar"
          sx={{ width: '100%' }}
        >
          {snackbar?.text}
        </Alert>
      </Snackbar>
    </>
  );
}
