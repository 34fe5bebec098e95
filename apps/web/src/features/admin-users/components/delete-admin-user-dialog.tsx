import '@/i18n/screens';
import { useTranslation } from 'react-i18next';
import { DialogContentText } from '@mui/material';
import { ConfirmDialog } from '@/components/confirm-dialog';
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
    <ConfirmDialog
      onClose={onClose}
      title={t('adminUsers.deleteTitle')}
      width="xs"
      confirmLabel={t('adminUsers.delete')}
      destructive
      confirmDisabled={remove.isPending}
      onConfirm={() =>
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
      <DialogContentText>{t('adminUsers.deleteConfirm')}</DialogContentText>
      <DialogContentText sx={{ mt: 1, fontWeight: 600 }}>
        {admin.userName} ({admin.email})
      </DialogContentText>
    </ConfirmDialog>
  );
}
