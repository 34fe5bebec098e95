import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ListItemIcon, ListItemText, Menu, MenuItem } from '@mui/material';
import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import LogoutIcon from '@mui/icons-material/Logout';
import { useCurrentAdmin } from '@/lib/session/use-current-admin';

/** The open profile menu: a link to /profile and logout. */
export function AccountMenu({
  anchor,
  onClose,
  onLogout,
}: {
  anchor: HTMLElement;
  onClose: () => void;
  onLogout: () => void;
}) {
  const { t } = useTranslation();
  const admin = useCurrentAdmin();
  return (
    <Menu
      id="account-menu"
      anchorEl={anchor}
      open
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
    >
      <MenuItem component={RouterLink} to="/profile" onClick={onClose}>
        <ListItemIcon>
          <AccountCircleIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText
          primary={t('shell.profile')}
          secondary={admin.data ? `${admin.data.userName} (${admin.data.email})` : undefined}
        />
      </MenuItem>
      <MenuItem
        onClick={() => {
          onClose();
          onLogout();
        }}
      >
        <ListItemIcon>
          <LogoutIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText primary={t('auth.logout')} />
      </MenuItem>
    </Menu>
  );
}
