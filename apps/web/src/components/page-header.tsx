import { Link as RouterLink } from 'react-router';
import { Box, Breadcrumbs, Typography } from '@mui/material';

/** One step of the breadcrumb trail; without `to` it is plain text (a group or the current page). */
export type Crumb = { label: string; to?: string };

/** The page title with its breadcrumbs (spec section 2). */
export function PageHeader({
  title,
  crumbs,
  breadcrumbLabel,
}: {
  title: string;
  crumbs: Crumb[];
  breadcrumbLabel: string;
}) {
  return (
    <Box component="header" sx={{ mb: 3 }}>
      <Typography
        component="h1"
        variant="h5"
        sx={{ fontWeight: 600, mb: 0.5, overflowWrap: 'anywhere' }}
      >
        {title}
      </Typography>
      <Breadcrumbs aria-label={breadcrumbLabel} sx={{ fontSize: '0.875rem' }}>
        {crumbs.map((crumb, index) => {
          const last = index === crumbs.length - 1;
          if (last) {
            return (
              <Typography
                key={index}
                color="text.primary"
                aria-current="page"
                sx={{ fontSize: 'inherit' }}
              >
                {crumb.label}
              </Typography>
            );
          }
          if (crumb.to) {
            return (
              <Box
                key={index}
                component={RouterLink}
                to={crumb.to}
                sx={{
                  color: 'inherit',
                  textDecoration: 'none',
                  '&:hover': { textDecoration: 'underline' },
                }}
              >
                {crumb.label}
              </Box>
            );
          }
          return (
            <Typography key={index} color="text.secondary" sx={{ fontSize: 'inherit' }}>
              {crumb.label}
            </Typography>
          );
        })}
      </Breadcrumbs>
    </Box>
  );
}
