import { useTranslation } from 'react-i18next';
import { Box, Card, CardContent, Grid, Stack, Typography } from '@mui/material';
import { StatCard } from '@/components/stat-card';
import { errorMessage } from '@/lib/error-message';
import { useCurrentAdmin } from '@/lib/session/use-current-admin';

// The widgets of spec section 2, in order; their statistics come with a later issue.
const WIDGETS = [
  'revenue',
  'newUser',
  'cardStatus',
  'usersPerPurchaseRange',
  'totalUsers',
  'campaign',
  'exBonus',
] as const;

/** /common/dashboard: the signed-in admin, and the dashboard widgets (not built yet, no numbers). */
export function DashboardPage() {
  const { t } = useTranslation();
  const admin = useCurrentAdmin();
  return (
    <Stack spacing={3}>
      {admin.error && (
        <Typography color="error" role="alert">
          {errorMessage(admin.error, t)}
        </Typography>
      )}
      {admin.data && (
        <Card variant="outlined">
          <CardContent>
            <Typography data-testid="signed-in-admin" sx={{ overflowWrap: 'anywhere' }}>
              {t('dashboard.signedInAs', {
                userName: admin.data.userName,
                email: admin.data.email,
              })}
            </Typography>
            <Stack
              component="ul"
              direction="row"
              spacing={1}
              sx={{ mt: 1, mb: 0, p: 0, listStyle: 'none' }}
              aria-label={t('dashboard.roles')}
            >
              {admin.data.roles.map((role) => (
                // A plain badge rather than MUI's Chip, which this first-loaded page does not need.
                <Box
                  component="li"
                  key={role.name}
                  title={role.description}
                  sx={{
                    px: 1.25,
                    py: 0.25,
                    borderRadius: 4,
                    border: 1,
                    borderColor: 'divider',
                    typography: 'body2',
                  }}
                >
                  {role.name}
                </Box>
              ))}
            </Stack>
          </CardContent>
        </Card>
      )}
      <Grid container spacing={2}>
        {WIDGETS.map((widget) => (
          <Grid key={widget} size={{ xs: 12, sm: 6, lg: 4 }}>
            <StatCard
              title={t(`dashboard.widgets.${widget}`)}
              note={t('dashboard.widgetNotBuilt')}
            />
          </Grid>
        ))}
      </Grid>
    </Stack>
  );
}
