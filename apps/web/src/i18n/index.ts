import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, SUPPORTED_LOCALES, type Locale } from '@app/shared';

export const LOCALE_STORAGE_KEY = 'locale';

// Each language's shell texts are their own chunk: the first load carries only the admin's
// language (the other is fetched when they switch), which keeps the dashboard's first load
// within its 200 KiB budget.
const CATALOGUES: Record<Locale, () => Promise<object>> = {
  ja: () => import('./ja').then((m) => m.ja),
  en: () => import('./en').then((m) => m.en),
};
const loaded = new Set<Locale>();

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
  const texts = await CATALOGUES[locale]();
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
