import '@/i18n/screens';
import { useTranslation } from 'react-i18next';
import { Paper, Typography } from '@mui/material';
import { DemoIntro } from './demo-intro';

/** /empty: the blank page new screens start from. */
export function EmptyPage() {
  const { t } = useTranslation();
  return (
    <>
      <DemoIntro />
      <Paper
        variant="outlined"
        sx={{ p: 4, minHeight: 240, display: 'grid', placeItems: 'center' }}
      >
        <Typography color="text.secondary">{t('demo.empty.body')}</Typography>
      </Paper>
    </>
  );
}
