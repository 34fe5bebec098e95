import type { Localization } from '@mui/material/locale';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, SUPPORTED_LOCALES, type Locale } from '@app/shared';

const LOCALE_STORAGE_KEY = 'locale';

// Each language's shell texts are their own chunk: the first load carries only the admin's
// language (the other is fetched when they switch), which keeps the dashboard's first load
// within its 200 KiB budget. MUI's own texts (pagination, "close", "no options"…) come in the
// same chunk, so the components speak the admin's language too.
type Catalogue = { texts: object; mui: Localization };
const CATALOGUES: Record<Locale, () => Promise<Catalogue>> = {
  ja: () => import('./ja').then((m) => ({ texts: m.ja, mui: m.muiJa })),
  en: () => import('./en').then((m) => ({ texts: m.en, mui: m.muiEn })),
};
const loaded = new Set<Locale>();
const muiLocales = new Map<string, Localization>();

/** MUI's texts in `language`, once that language is loaded. */
export function muiLocaleOf(language: string): Localization | undefined {
  return muiLocales.get(language);
}

const isLocale = (value: string | null | undefined): value is Locale =>
  (SUPPORTED_LOCALES as readonly string[]).includes(value ?? '');

/** The stored locale when it is one we support, otherwise Japanese. */
export function storedLocale(): Locale {
  const value = localStorage.getItem(LOCALE_STORAGE_KEY);
  return isLocale(value) ? value : DEFAULT_LOCALE;
}

/** Loads one language's shell texts once; later calls resolve at once. */
export async function loadLocale(locale: Locale): Promise<void> {
  if (loaded.has(locale)) return;
  const { texts, mui } = await CATALOGUES[locale]();
  muiLocales.set(locale, mui);
  // Deep merge, keeping what is there: the list texts (i18n/lists) may have arrived first.
  i18n.addResourceBundle(locale, 'translation', texts, true, false);
  loaded.add(locale);
}

/**
 * Switches language and remembers it; values other than ja and en are ignored. The switch is
 * immediate when that language is loaded, otherwise it follows its chunk.
 */
export function setLocale(locale: string): Promise<void> {
  if (!isLocale(locale)) return Promise.resolve();
  localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  document.documentElement.lang = locale;
  const change = () => i18n.changeLanguage(locale).then(() => undefined);
  return loaded.has(locale) ? change() : loadLocale(locale).then(change);
}

void i18n.use(initReactI18next).init({
  resources: {},
  partialBundledLanguages: true,
  lng: storedLocale(),
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: [...SUPPORTED_LOCALES],
  interpolation: { escapeValue: false },
  returnNull: false,
  showSupportNotice: false,
});
document.documentElement.lang = i18n.language;

export { i18n };
