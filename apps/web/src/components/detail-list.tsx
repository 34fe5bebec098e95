import type { ReactNode } from 'react';
import { Box, Typography } from '@mui/material';
import '@/i18n/lists';

/** Label/value pairs of a detail section, laid out as a description list. */
export function DetailList({ items }: { items: { label: string; value: ReactNode }[] }) {
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'minmax(160px, max-content) 1fr' },
        columnGap: 3,
        rowGap: 1,
        m: 0,
      }}
    >
      {items.map((item) => (
        <Box key={item.label} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {item.label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {item.value === '' || item.value === null || item.value === undefined
              ? '—'
              : item.value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
