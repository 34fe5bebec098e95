import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import {
  Box,
  List,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  ListSubheader,
} from '@mui/material';
import AccountTreeIcon from '@mui/icons-material/AccountTree';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import AssessmentIcon from '@mui/icons-material/Assessment';
import ChatIcon from '@mui/icons-material/Chat';
import CropFreeIcon from '@mui/icons-material/CropFree';
import DashboardIcon from '@mui/icons-material/Dashboard';
import DownloadIcon from '@mui/icons-material/Download';
import EditNoteIcon from '@mui/icons-material/EditNote';
import EventIcon from '@mui/icons-material/Event';
import HistoryIcon from '@mui/icons-material/History';
import LeaderboardIcon from '@mui/icons-material/Leaderboard';
import MailIcon from '@mui/icons-material/Mail';
import NotificationsIcon from '@mui/icons-material/Notifications';
import PaymentsIcon from '@mui/icons-material/Payments';
import PeopleIcon from '@mui/icons-material/People';
import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import PlaceIcon from '@mui/icons-material/Place';
import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import TableChartIcon from '@mui/icons-material/TableChart';
import TuneIcon from '@mui/icons-material/Tune';
import WidgetsIcon from '@mui/icons-material/Widgets';
import { useCurrentAdmin } from '@/lib/session/use-current-admin';
import { visibleNav } from './navigation';

const ICONS: Record<string, ReactElement> = {
  '/common/dashboard': <DashboardIcon />,
  '/common/users': <PeopleIcon />,
  '/common/referral': <AccountTreeIcon />,
  '/common/transactions': <SwapHorizIcon />,
  '/common/reward_snapshot': <PhotoCameraIcon />,
  '/common/asset_statistic': <AssessmentIcon />,
  '/common/notification': <NotificationsIcon />,
  '/common/send_mail': <MailIcon />,
  '/common/support': <SupportAgentIcon />,
  '/common/download_csv': <DownloadIcon />,
  '/aubecoin_saving/remittance_history': <HistoryIcon />,
  '/aubecoin_saving/addresses': <PlaceIcon />,
  '/referral_plan/aggregation': <TableChartIcon />,
  '/referral_plan/track_records': <LeaderboardIcon />,
  '/admin_user': <AdminPanelSettingsIcon />,
  // The template pages are in the menu only in development (navigation.ts): their icons are
  // left out of the production bundle with them.
  ...(import.meta.env.DEV
    ? {
        '/chat': <ChatIcon />,
        '/empty': <CropFreeIcon />,
        '/forms': <EditNoteIcon />,
        '/general': <TuneIcon />,
        '/pickers': <EventIcon />,
        '/widgets': <WidgetsIcon />,
      }
    : {}),
};

function isActive(path: string, pathname: string): boolean {
  return pathname === path || pathname.startsWith(`${path}/`);
}

/** The side menu: the spec's groups, with entries the admin's roles do not allow hidden. */
export function SideMenu({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const admin = useCurrentAdmin();
  const groups = visibleNav(admin.data);
  return (
    <Box component="nav" aria-label={t('shell.mainMenu')} sx={{ overflowY: 'auto', pb: 2 }}>
      {groups.map((group) => (
        <List
          key={group.id}
          dense
          aria-labelledby={`nav-group-${group.id}`}
          subheader={
            <ListSubheader
              id={`nav-group-${group.id}`}
              sx={{ bgcolor: 'transparent', lineHeight: '36px', position: 'static' }}
            >
              {t(group.title)}
            </ListSubheader>
          }
        >
          {group.entries.map((entry) => {
            const active = isActive(entry.path, pathname);
            return (
              <Box component="li" key={entry.path}>
                <ListItemButton
                  component={NavLink}
                  to={entry.path}
                  selected={active}
                  onClick={onNavigate}
                  sx={{ borderRadius: 1, mx: 1 }}
                >
                  <ListItemIcon sx={{ minWidth: 36 }}>
                    {ICONS[entry.path] ?? <PaymentsIcon />}
                  </ListItemIcon>
                  <ListItemText primary={t(entry.title)} />
                </ListItemButton>
              </Box>
            );
          })}
        </List>
      ))}
    </Box>
  );
}
