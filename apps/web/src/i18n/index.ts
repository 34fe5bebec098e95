import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, SUPPORTED_LOCALES, type Locale } from '@app/shared';
import { en } from './en';
import { ja } from './ja';

export const LOCALE_STORAGE_KEY = 'locale';

/** The stored locale when it is one we support, otherwise Japanese. */
export function storedLocale(): Locale {
  const value = localStorage.getItem(LOCALE_STORAGE_KEY);
  return (SUPPORTED_LOCALES as readonly string[]).includes(value ?? '')
    ? (value as Locale)
    : DEFAULT_LOCALE;
}

/** Switches language at once and remembers it; values other than ja and en are ignored. */
export function setLocale(locale: string): void {
  if (!(SUPPORTED_LOCALES as readonly string[]).includes(locale)) return;
  localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  document.documentElement.lang = locale;
  void i18n.changeLanguage(locale);
}

void i18n.use(initReactI18next).init({
  resources: { ja: { translation: ja }, en: { translation: en } },
  lng: storedLocale(),
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: [...SUPPORTED_LOCALES],
  interpolation: { escapeValue: false },
  returnNull: false,
  showSupportNotice: false,
});
document.documentElement.lang = i18n.language;

export { i18n };
