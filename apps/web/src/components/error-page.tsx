import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { Box, Button, Typography } from '@mui/material';

/** The statuses with a page of their own (spec section 8). */
export type ErrorStatus = 404 | 403 | 500;

const TEXTS = {
  404: { title: 'errorPages.notFound', detail: 'errorPages.notFoundDetail' },
  403: { title: 'errorPages.forbidden', detail: 'errorPages.forbiddenDetail' },
  500: { title: 'errorPages.serverDown', detail: 'errorPages.serverDownDetail' },
} as const;

/** The 404, 403 and 500 pages, each with a Go Home button. */
export function ErrorPage({ status }: { status: ErrorStatus }) {
  const { t } = useTranslation();
  const texts = TEXTS[status];
  return (
    <Box
      data-testid={`error-page-${status}`}
      sx={{
        textAlign: 'center',
        py: { xs: 6, md: 10 },
        px: 2,
        display: 'grid',
        gap: 2,
        justifyItems: 'center',
      }}
    >
      <Typography component="p" variant="h2" color="primary" sx={{ fontWeight: 700 }} aria-hidden>
        {status}
      </Typography>
      <Typography component="h1" variant="h5">
        {t(texts.title)}
      </Typography>
      <Typography color="text.secondary">{t(texts.detail)}</Typography>
      <Button component={RouterLink} to="/" variant="contained">
        {t('errorPages.goHome')}
      </Button>
    </Box>
  );
}
