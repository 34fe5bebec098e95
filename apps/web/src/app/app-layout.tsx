import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Outlet, useLocation } from 'react-router';
import {
  AppBar,
  Box,
  Paper,
  IconButton,
  ThemeProvider,
  Toolbar,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import MenuIcon from '@mui/icons-material/Menu';
import PaletteIcon from '@mui/icons-material/Palette';
import { LanguageSwitch } from '@/components/language-switch';
import { PageHeader } from '@/components/page-header';
import { ScrollTopButton } from '@/components/scroll-top-button';
import { hasRole } from '@/lib/roles';
import { useCurrentAdmin } from '@/lib/session/use-current-admin';
import { useThemeSettings } from '@/lib/theme-settings';
import { buildBreadcrumbs, findRoute, pageTitle } from './breadcrumbs';
import { SideMenu } from './side-menu';
import { createSidebarTheme } from './theme';
import { useLogout } from './use-logout';

// Rarely opened parts load on first use, keeping the first load small.
const MobileDrawer = lazy(() =>
  import('./mobile-drawer').then((m) => ({ default: m.MobileDrawer })),
);
const AccountMenu = lazy(() => import('./account-menu').then((m) => ({ default: m.AccountMenu })));
const ThemeDrawer = lazy(() =>
  import('@/components/theme-drawer').then((m) => ({ default: m.ThemeDrawer })),
);

const DRAWER_WIDTH = 256;

/**
 * On wide screens the menu is a plain column (MUI's Drawer would add its modal code to the
 * first load); hidden, it is also invisible to keyboard and screen readers.
 */
function DesktopMenu({ open, children }: { open: boolean; children: ReactNode }) {
  return (
    <Box
      component="aside"
      sx={{
        width: open ? DRAWER_WIDTH : 0,
        flexShrink: 0,
        transition: (theme) => theme.transitions.create('width'),
      }}
    >
      <Paper
        id="side-menu"
        square
        elevation={0}
        sx={{
          position: 'fixed',
          top: 0,
          bottom: 0,
          left: 0,
          width: DRAWER_WIDTH,
          overflowY: 'auto',
          borderRight: 1,
          borderColor: 'divider',
          transform: open ? 'none' : `translateX(-${DRAWER_WIDTH}px)`,
          visibility: open ? 'visible' : 'hidden',
          transition: (theme) =>
            `${theme.transitions.create('transform')}, visibility 0s linear ${open ? 0 : theme.transitions.duration.standard}ms`,
        }}
      >
        {children}
      </Paper>
    </Box>
  );
}

/** The frame around signed-in pages: toolbar, side menu, page header, content. */
export function AppLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const admin = useCurrentAdmin();
  const logout = useLogout();
  const settings = useThemeSettings();
  // Vuetify's navigation drawer is temporary below its lg breakpoint (1264 px), as here.
  const desktop = useMediaQuery((theme: Theme) => theme.breakpoints.up('lg'), { noSsr: true });
  // The drawer starts open (spec section 3); on small screens it overlays and starts closed.
  const [desktopOpen, setDesktopOpen] = useState(true);
  const [mobileOpen, setMobileOpen] = useState(false);
  const [mobileLoaded, setMobileLoaded] = useState(false);
  const [accountAnchor, setAccountAnchor] = useState<HTMLElement | null>(null);
  const [themeOpen, setThemeOpen] = useState(false);
  const [themeLoaded, setThemeLoaded] = useState(false);

  const found = findRoute(pathname);
  // A guarded page gets its header only once the admin is known to hold the role, so the
  // 403 page never shows under the forbidden page's title.
  const forbidden = Boolean(found?.route.role && !hasRole(admin.data, found.route.role));
  const title = forbidden ? null : pageTitle(pathname, t);

  useEffect(() => {
    document.title = title ? `${title} | ${t('app.title')}` : t('app.title');
  }, [title, t]);

  const drawerOpen = desktop ? desktopOpen : mobileOpen;
  const toggleDrawer = () => {
    if (desktop) {
      setDesktopOpen((v) => !v);
      return;
    }
    setMobileLoaded(true);
    setMobileOpen((v) => !v);
  };

  const menu = (
    <>
      {desktop ? (
        // Room for the app bar, which lies over the menu column.
        <Toolbar />
      ) : (
        <Toolbar>
          <Typography variant="h6" component="div" noWrap>
            {t('app.title')}
          </Typography>
        </Toolbar>
      )}
      <SideMenu onNavigate={desktop ? undefined : () => setMobileOpen(false)} />
    </>
  );
  const drawer = desktop ? (
    <DesktopMenu open={desktopOpen}>{menu}</DesktopMenu>
  ) : mobileLoaded ? (
    <Suspense fallback={null}>
      <MobileDrawer
        label={t('shell.mainMenu')}
        open={mobileOpen}
        onClose={() => setMobileOpen(false)}
        width={DRAWER_WIDTH}
      >
        {menu}
      </MobileDrawer>
    </Suspense>
  ) : null;

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <Box
        component="a"
        href="#main-content"
        sx={{
          position: 'absolute',
          left: 8,
          top: -48,
          zIndex: (theme) => theme.zIndex.tooltip,
          bgcolor: 'background.paper',
          color: 'primary.main',
          px: 2,
          py: 1,
          '&:focus': { top: 8 },
        }}
      >
        {t('app.skipToContent')}
      </Box>
      <AppBar
        position="fixed"
        sx={{ zIndex: (theme) => (desktop ? theme.zIndex.drawer + 1 : theme.zIndex.appBar) }}
      >
        <Toolbar sx={{ gap: 0.5 }}>
          <IconButton
            color="inherit"
            edge="start"
            onClick={toggleDrawer}
            aria-label={t('shell.toggleMenu')}
            aria-expanded={drawerOpen}
            aria-controls={drawerOpen ? 'side-menu' : undefined}
          >
            <MenuIcon />
          </IconButton>
          <Typography
            variant="h6"
            component={RouterLink}
            to="/common/dashboard"
            noWrap
            sx={{ flexGrow: 1, color: 'inherit', textDecoration: 'none', minWidth: 0 }}
          >
            {t('app.title')}
          </Typography>
          <LanguageSwitch />
          {/* A native title, not MUI's Tooltip: Popper would add ~10 KiB to the first load. */}
          <IconButton
            color="inherit"
            aria-label={t('shell.themeSettings')}
            title={t('shell.themeSettings')}
            onClick={() => {
              setThemeLoaded(true);
              setThemeOpen(true);
            }}
          >
            <PaletteIcon />
          </IconButton>
          <IconButton
            color="inherit"
            edge="end"
            aria-label={t('shell.accountMenu')}
            aria-haspopup="menu"
            aria-expanded={accountAnchor ? 'true' : undefined}
            aria-controls={accountAnchor ? 'account-menu' : undefined}
            onClick={(event) => setAccountAnchor(event.currentTarget)}
          >
            <AccountCircleIcon />
          </IconButton>
          {accountAnchor && (
            <Suspense fallback={null}>
              <AccountMenu
                anchor={accountAnchor}
                onClose={() => setAccountAnchor(null)}
                onLogout={() => logout()}
              />
            </Suspense>
          )}
        </Toolbar>
      </AppBar>
      {settings.sidebar === 'dark' ? (
        <ThemeProvider theme={createSidebarTheme(settings)}>{drawer}</ThemeProvider>
      ) : (
        drawer
      )}
      <Box
        component="main"
        id="main-content"
        tabIndex={-1}
        sx={{ flexGrow: 1, minWidth: 0, px: { xs: 2, sm: 3 }, pb: 4, outline: 'none' }}
      >
        <Toolbar />
        <Box sx={{ pt: 3 }}>
          {title && (
            <PageHeader
              title={title}
              crumbs={buildBreadcrumbs(pathname, t)}
              breadcrumbLabel={t('shell.breadcrumb')}
            />
          )}
          <Outlet />
        </Box>
      </Box>
      <ScrollTopButton />
      {themeLoaded && (
        <Suspense fallback={null}>
          <ThemeDrawer open={themeOpen} onClose={() => setThemeOpen(false)} />
        </Suspense>
      )}
    </Box>
  );
}
