import '@/i18n/screens';
import { useTranslation } from 'react-i18next';
import { Typography } from '@mui/material';

/** The line on every template page saying it is a design-system example, not business data. */
export function DemoIntro() {
  const { t } = useTranslation();
  return (
    <Typography color="text.secondary" sx={{ mb: 2 }}>
      {t('demo.intro')}
    </Typography>
  );
}
