import '@/i18n/screens';
import { useTranslation } from 'react-i18next';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
} from '@mui/material';
import { notifySuccess } from '@/lib/feedback';
import { useDeleteAdminUser } from '../api/delete-admin-user';

/** The confirmation of spec section 2: "Do you want to delete this account?". */
export function DeleteAdminUserDialog({
  admin,
  onClose,
}: {
  admin: { id: number; userName: string; email: string };
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const remove = useDeleteAdminUser();
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth>
      <DialogTitle>{t('adminUsers.deleteTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('adminUsers.deleteConfirm')}</DialogContentText>
        <DialogContentText sx={{ mt: 1, fontWeight: 600 }}>
          {admin.userName} ({admin.email})
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('adminUsers.cancel')}</Button>
        <Button
          color="error"
          variant="contained"
          disabled={remove.isPending}
          onClick={() =>
            remove.mutate(
              { userId: admin.id },
              {
                onSuccess: () => {
                  notifySuccess(t('adminUsers.deleted'));
                  onClose();
                },
              },
            )
          }
        >
          {t('adminUsers.delete')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
