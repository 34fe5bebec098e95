import { useTranslation } from 'react-i18next';
import { Alert, AlertTitle } from '@mui/material';

/** What a route shows until its feature is built: says so plainly, shows no numbers. */
export function NotBuiltPage() {
  const { t } = useTranslation();
  return (
    <Alert severity="info" variant="outlined" data-testid="not-built">
      <AlertTitle>{t('pages.notBuiltTitle')}</AlertTitle>
      {t('pages.notBuiltBody')}
    </Alert>
  );
}
