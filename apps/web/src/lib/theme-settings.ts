import { useSyncExternalStore } from 'react';

/** Primary colours offered by the theme drawer; each has a light-mode and a dark-mode shade. */
export const PRIMARY_COLORS = {
  // Light shades keep white text at WCAG AA contrast; dark shades keep dark text readable.
  blue: { light: '#1976d2', dark: '#90caf9' },
  indigo: { light: '#3949ab', dark: '#9fa8da' },
  purple: { light: '#7b1fa2', dark: '#ce93d8' },
  teal: { light: '#00796b', dark: '#80cbc4' },
  green: { light: '#2e7d32', dark: '#a5d6a7' },
  pink: { light: '#ad1457', dark: '#f48fb1' },
} as const;

export type PrimaryColor = keyof typeof PRIMARY_COLORS;
export type ThemeSettings = {
  primary: PrimaryColor;
  sidebar: 'light' | 'dark';
  mode: 'light' | 'dark';
};

const THEME_STORAGE_KEY = 'themeSettings';
const DEFAULT_THEME_SETTINGS: ThemeSettings = {
  primary: 'blue',
  sidebar: 'light',
  mode: 'light',
};

/** Reads stored settings, keeping only known values, so a hand-edited entry cannot break the app. */
function readThemeSettings(storage: Storage = localStorage): ThemeSettings {
  let raw: unknown;
  try {
    raw = JSON.parse(storage.getItem(THEME_STORAGE_KEY) ?? 'null');
  } catch {
    raw = null;
  }
  const value = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
  const primary =
    typeof value.primary === 'string' && value.primary in PRIMARY_COLORS
      ? (value.primary as PrimaryColor)
      : DEFAULT_THEME_SETTINGS.primary;
  return {
    primary,
    sidebar: value.sidebar === 'dark' ? 'dark' : 'light',
    mode: value.mode === 'dark' ? 'dark' : 'light',
  };
}

let current: ThemeSettings | null = null;
const listeners = new Set<() => void>();

function snapshot(): ThemeSettings {
  current ??= readThemeSettings();
  return current;
}

/** The theme settings, re-rendering on change. */
export function useThemeSettings(): ThemeSettings {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    snapshot,
    snapshot,
  );
}

/** Changes some settings, applies them at once and keeps them across reloads. */
export function updateThemeSettings(patch: Partial<ThemeSettings>): void {
  current = { ...snapshot(), ...patch };
  localStorage.setItem(THEME_STORAGE_KEY, JSON.stringify(current));
  for (const listener of listeners) listener();
}
