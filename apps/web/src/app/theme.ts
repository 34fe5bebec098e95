import { createTheme, type Theme } from '@mui/material';
import type { Localization } from '@mui/material/locale';
import { PRIMARY_COLORS, type ThemeSettings } from '@/lib/theme-settings';

// Vuetify's breakpoints, as the original console used (spec section 9).
const breakpoints = { values: { xs: 0, sm: 600, md: 960, lg: 1264, xl: 1904 } };

/**
 * Japanese line breaking: labels, headers and menu entries break between phrases (Chrome's
 * `word-break: auto-phrase`), never in the middle of a word, and not before small kana or
 * closing brackets (`line-break: strict`). English keeps the normal rules.
 */
const JAPANESE_LINE_BREAKING = {
  'html:lang(ja) body': { lineBreak: 'strict', wordBreak: 'auto-phrase' },
} as const;

/**
 * The app theme for the chosen colour and mode (MUI blue by default), with MUI's own texts in
 * the admin's language when given.
 */
export function createAppTheme(settings: ThemeSettings, localization?: Localization): Theme {
  return createTheme(
    {
      palette: {
        mode: settings.mode,
        primary: { main: PRIMARY_COLORS[settings.primary][settings.mode] },
      },
      breakpoints,
      components: {
        MuiCssBaseline: { styleOverrides: JAPANESE_LINE_BREAKING },
        // A button's label is one line: in a narrow row the button moves to the next line
        // (rows of buttons wrap) instead of breaking 「CSVを / ダウンロード」 in two.
        MuiButton: { styleOverrides: { root: { whiteSpace: 'nowrap', flexShrink: 0 } } },
        // A table that scrolls shows its scrollbar, also where the system hides bars until
        // one scrolls (macOS): a cut table says it has more (issue 35).
        MuiTableContainer: {
          styleOverrides: {
            root: {
              '&::-webkit-scrollbar': { width: 10, height: 10 },
              '&::-webkit-scrollbar-thumb': { background: '#9e9e9e', borderRadius: 5 },
            },
          },
        },
      },
    },
    localization ?? {},
  );
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
