import { useTranslation } from 'react-i18next';
import { Menu, MenuItem } from '@mui/material';
import { SUPPORTED_LOCALES, type Locale } from '@app/shared';
import { setLocale } from '@/i18n';

/** The open language menu; choosing switches the language at once. */
export function LanguageMenu({
  anchor,
  current,
  onClose,
}: {
  anchor: HTMLElement;
  current: Locale;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Menu id="language-menu" anchorEl={anchor} open onClose={onClose}>
      {SUPPORTED_LOCALES.map((locale) => (
        <MenuItem
          key={locale}
          lang={locale}
          selected={locale === current}
          onClick={() => {
            void setLocale(locale);
            onClose();
          }}
        >
          {t(`locales.${locale}`)}
        </MenuItem>
      ))}
    </Menu>
  );
}
