import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Typography,
} from '@mui/material';
import '@/i18n/lists';

/**
 * Every field of one row of a list, as label and value: what a phone shows when a row is
 * opened, since its table keeps only the identifying columns (issue 35). A row that has a
 * detail of its own offers it too.
 */
export function RowFieldsDialog({
  title,
  fields,
  onOpenDetail,
  onClose,
}: {
  title: string;
  fields: ReadonlyArray<{ id: string; label: string; value: ReactNode }>;
  onOpenDetail?: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Dialog open onClose={onClose} fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent dividers>
        <Box component="dl" sx={{ m: 0 }} data-testid="row-fields">
          {fields.map((field) => (
            <Box key={field.id} sx={{ mb: 1.5 }}>
              <Typography component="dt" variant="caption" color="text.secondary">
                {field.label}
              </Typography>
              {/* A long value (an address, a hash, an exact amount) wraps rather than passes
                  the dialog's edge. */}
              <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                {field.value}
              </Typography>
            </Box>
          ))}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('list.close')}</Button>
        {onOpenDetail && (
          <Button
            variant="contained"
            onClick={() => {
              onClose();
              onOpenDetail();
            }}
          >
            {t('list.openDetail')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
