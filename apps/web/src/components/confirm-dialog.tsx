import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';

/**
 * A dialog that leads to one action: its title, what the screen shows, Cancel and the
 * action's button (red when it destroys). Every confirmation and small form dialog is this
 * one, so they all close, size and place their buttons alike.
 */
export function ConfirmDialog({
  open = true,
  onClose,
  title,
  width,
  children,
  confirmLabel,
  onConfirm,
  confirmDisabled,
  destructive = false,
  confirmTestId,
  extraActions,
}: {
  /** Default: open (a dialog the screen mounts only while it is shown). */
  open?: boolean;
  onClose: () => void;
  title?: ReactNode;
  /** The dialog's width (MUI `maxWidth`, full up to it); default: as wide as its content. */
  width?: 'xs' | 'sm' | 'md' | 'lg';
  children: ReactNode;
  confirmLabel: ReactNode;
  onConfirm: () => void;
  confirmDisabled?: boolean;
  destructive?: boolean;
  confirmTestId?: string;
  /** Buttons before Cancel (another way out, such as the send screen's link). */
  extraActions?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onClose} {...(width && { maxWidth: width, fullWidth: true })}>
      {title !== undefined && <DialogTitle>{title}</DialogTitle>}
      <DialogContent>{children}</DialogContent>
      <DialogActions>
        {extraActions}
        <Button onClick={onClose}>{t('confirmations.cancel')}</Button>
        <Button
          color={destructive ? 'error' : 'primary'}
          variant="contained"
          disabled={confirmDisabled}
          data-testid={confirmTestId}
          onClick={onConfirm}
        >
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
