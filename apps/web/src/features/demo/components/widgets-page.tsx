import '@/i18n/screens';
import { useTranslation } from 'react-i18next';
import { Grid, LinearProgress, Paper, Typography } from '@mui/material';
import { StatCard } from '@/components/stat-card';
import { DemoIntro } from './demo-intro';

/** /widgets: the dashboard building blocks in their empty state (no data, so no numbers). */
export function WidgetsPage() {
  const { t } = useTranslation();
  return (
    <>
      <DemoIntro />
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6, lg: 4 }}>
          <StatCard title={t('demo.widgets.statCard')} value="—" note={t('demo.widgets.noData')} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, lg: 4 }}>
          <Paper variant="outlined" sx={{ p: 2, height: '100%' }}>
            <Typography
              component="h2"
              variant="subtitle2"
              color="text.secondary"
              gutterBottom
              id="widget-progress"
            >
              {t('demo.widgets.progress')}
            </Typography>
            <LinearProgress aria-labelledby="widget-progress" />
          </Paper>
        </Grid>
        <Grid size={{ xs: 12, sm: 6, lg: 4 }}>
          <Paper variant="outlined" sx={{ p: 2, height: '100%' }}>
            <Typography component="h2" variant="subtitle2" color="text.secondary" gutterBottom>
              {t('demo.widgets.list')}
            </Typography>
            <Typography color="text.secondary">{t('demo.widgets.listEmpty')}</Typography>
          </Paper>
        </Grid>
      </Grid>
    </>
  );
}
