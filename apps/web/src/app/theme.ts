import { createTheme, type Theme } from '@mui/material';
import { PRIMARY_COLORS, type ThemeSettings } from '@/lib/theme-settings';

// Vuetify's breakpoints, as the original console used (spec section 9).
const breakpoints = { values: { xs: 0, sm: 600, md: 960, lg: 1264, xl: 1904 } };

/** The app theme for the chosen colour and mode; MUI blue by default. */
export function createAppTheme(settings: ThemeSettings): Theme {
  return createTheme({
    palette: {
      mode: settings.mode,
      primary: { main: PRIMARY_COLORS[settings.primary][settings.mode] },
    },
    breakpoints,
  });
}

/** The theme inside a dark sidebar: dark surfaces whatever the page mode is. */
export function createSidebarTheme(settings: ThemeSettings): Theme {
  return createTheme({
    palette: {
      mode: 'dark',
      primary: { main: PRIMARY_COLORS[settings.primary].dark },
      background: { paper: '#1f2430', default: '#1f2430' },
    },
    breakpoints,
  });
}
