import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconButton, Typography } from '@mui/material';
import TranslateIcon from '@mui/icons-material/Translate';
import { SUPPORTED_LOCALES, type Locale } from '@app/shared';

// The menu's code (MUI Menu, Popover) loads on first click, not with the first page.
const LanguageMenu = lazy(() =>
  import('./language-menu').then((m) => ({ default: m.LanguageMenu })),
);

/** The current locale, falling back to ja for anything unexpected. */
function currentLocale(language: string): Locale {
  return (SUPPORTED_LOCALES as readonly string[]).includes(language) ? (language as Locale) : 'ja';
}

/** The toolbar's language menu (ja/en); the choice applies at once and is kept in localStorage. */
export function LanguageSwitch({ color = 'inherit' }: { color?: 'inherit' | 'primary' }) {
  const { t, i18n } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const current = currentLocale(i18n.language);
  return (
    <>
      <IconButton
        color={color}
        // The name includes the visible code (JA/EN), so speech input users can say what they see;
        // no brackets around it: axe-core's name check does not match text inside them.
        aria-label={t('shell.languageCurrent', {
          language: t(`locales.${current}`),
          code: current.toUpperCase(),
        })}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? 'language-menu' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ borderRadius: 1, gap: 0.5 }}
      >
        <TranslateIcon />
        <Typography component="span" variant="button">
          {current.toUpperCase()}
        </Typography>
      </IconButton>
      {anchor && (
        <Suspense fallback={null}>
          <LanguageMenu anchor={anchor} current={current} onClose={() => setAnchor(null)} />
        </Suspense>
      )}
    </>
  );
}
