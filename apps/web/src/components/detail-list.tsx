import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Box, Button, Typography } from '@mui/material';
import '@/i18n/lists';

/**
 * Label/value pairs of a detail section, laid out as a description list. With `shown`, only
 * the first `shown` pairs are visible (a summary above the lists of a detail page, so those
 * lists start above the fold); the others stay in the document, hidden, until the section's
 * `DetailFoldButton` shows them.
 */
export function DetailList({
  items,
  shown,
  id,
}: {
  items: { label: string; value: ReactNode }[];
  shown?: number;
  id?: string;
}) {
  return (
    <Box
      component="dl"
      id={id}
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'minmax(160px, max-content) 1fr' },
        columnGap: 3,
        rowGap: 1,
        m: 0,
      }}
    >
      {items.map((item, i) => (
        <Box
          key={item.label}
          sx={{ display: shown !== undefined && i >= shown ? 'none' : 'contents' }}
        >
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

/** Shows a folded `DetailList`'s other pairs, or folds it again (in the section's header). */
export function DetailFoldButton({
  count,
  expanded,
  onToggle,
  controls,
}: {
  /** How many pairs the list holds. */
  count: number;
  expanded: boolean;
  onToggle: () => void;
  /** The list's id. */
  controls: string;
}) {
  const { t } = useTranslation();
  return (
    <Button
      size="small"
      aria-expanded={expanded}
      aria-controls={controls}
      onClick={onToggle}
      sx={{ flexShrink: 0 }}
    >
      {expanded ? t('list.fewerDetails') : t('list.moreDetails', { count })}
    </Button>
  );
}
