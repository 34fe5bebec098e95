import type { ReactNode } from 'react';
import { Drawer } from '@mui/material';

/** The side menu below the lg breakpoint: a temporary drawer over the page. */
export function MobileDrawer({
  label,
  open,
  onClose,
  width,
  children,
}: {
  label: string;
  open: boolean;
  onClose: () => void;
  width: number;
  children: ReactNode;
}) {
  return (
    <Drawer
      id="side-menu"
      variant="temporary"
      open={open}
      onClose={onClose}
      slotProps={{ paper: { sx: { width, boxSizing: 'border-box' }, 'aria-label': label } }}
    >
      {children}
    </Drawer>
  );
}
