import { useTranslation } from 'react-i18next';
import { Alert, Card, CardContent, Chip, CircularProgress, Stack, Typography } from '@mui/material';
import { errorMessage } from '@/lib/error-message';
import { useCurrentAdmin } from '@/lib/session/use-current-admin';

/** /common/dashboard. For now it proves the chain: it shows the signed-in admin. */
export function DashboardPage() {
  const { t } = useTranslation();
  const admin = useCurrentAdmin();
  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1">
        {t('dashboard.title')}
      </Typography>
      {admin.isPending && <CircularProgress aria-label={t('app.loading')} />}
      {admin.error && <Alert severity="error">{errorMessage(admin.error, t)}</Alert>}
      {admin.data && (
        <Card>
          <CardContent>
            <Typography data-testid="signed-in-admin">
              {t('dashboard.signedInAs', { userName: admin.data.userName, email: admin.data.email })}
            </Typography>
            <Stack direction="row" spacing={1} sx={{ mt: 1 }} aria-label={t('dashboard.roles')}>
              {admin.data.roles.map((role) => (
                <Chip key={role.name} label={role.name} title={role.description} size="small" />
              ))}
            </Stack>
          </CardContent>
        </Card>
      )}
    </Stack>
  );
}
