import { useContext, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Box, Card, CardContent, LinearProgress, Typography } from '@mui/material';
import { PageErrorBannerContext } from '@/components/data-table/data-table';
import { errorMessage } from '@/lib/error-message';
import '@/i18n/lists';
import { WrappingRow } from '@/components/wrapping-row';

/**
 * A titled section of a detail page with its own loading and error state, so one slow or
 * failing call does not blank the whole page.
 */
export function SectionCard({
  title,
  action,
  loading = false,
  error,
  children,
  id,
}: {
  title: string;
  action?: ReactNode;
  loading?: boolean;
  error?: unknown;
  children?: ReactNode;
  id?: string;
}) {
  const { t } = useTranslation();
  const headingId = id ? `${id}-heading` : undefined;
  const bannerShowsErrors = useContext(PageErrorBannerContext);
  return (
    <Card variant="outlined" component="section" aria-labelledby={headingId} id={id}>
      <CardContent>
        {/* On a narrow screen the header's buttons go under the title, whole, rather than
            squeezing their labels into a column of one-word lines. */}
        <WrappingRow sx={{ mb: 1.5 }}>
          <Typography id={headingId} component="h2" variant="h6" sx={{ flexGrow: 1 }}>
            {title}
          </Typography>
          {action && (
            <Box
              sx={{
                '& .MuiStack-root': { flexWrap: 'wrap', rowGap: 0.5 },
              }}
            >
              {action}
            </Box>
          )}
        </WrappingRow>
        {loading && <LinearProgress aria-label={t('list.loading')} sx={{ mb: 1 }} />}
        {error !== undefined && error !== null ? (
          bannerShowsErrors ? (
            <Typography color="text.secondary">{t('list.notLoaded')}</Typography>
          ) : (
            <Alert severity="error">{errorMessage(error, t)}</Alert>
          )
        ) : (
          children
        )}
      </CardContent>
    </Card>
  );
}
