import { useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import {
  Alert,
  Box,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { SimpleTable } from '@/components/data-table/simple-table';
import { ExportButton } from '@/components/export-button';
import { SectionCard } from '@/components/section-card';
import {
  CENTRE_TYPES,
  centreLink,
  centreRange,
  useExportFormats,
  useExportPreview,
  type CentreTypeName,
} from '../api/export-centre';
import { exportUnitWord } from '@app/shared';
import '@/i18n/screens';
import { DateRangeFields } from '@/components/date-input';
import { scrollTableSx } from '@/components/data-table/scroll-table';

/** A column's unit in the admin's language: a word by its code, a coin code as it is. */
function unitText(unit: string, t: TFunction): string {
  const word = exportUnitWord(unit);
  return word ? t(`exports.units.${word}`) : unit;
}

function CentreSection({
  name,
  title,
  dated,
}: {
  name: CentreTypeName;
  title: string;
  dated: boolean;
}) {
  const { t } = useTranslation();
  const [dates, setDates] = useState({ from: '', until: '' });
  const range = dated ? centreRange(dates.from, dates.until) : {};
  const preview = useExportPreview(name, range);
  const formats = useExportFormats();
  const format = formats.data?.find((f) => f.name === name);
  return (
    <SectionCard
      id={`export-${name}`}
      title={t(title)}
      loading={preview.isFetching}
      error={preview.error ?? formats.error}
      action={
        <ExportButton
          label={t('exports.centre.download')}
          getLink={() => centreLink(name, range)}
        />
      }
    >
      {dated && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
          <DateRangeFields
            labels={[t('exports.centre.dateFrom'), t('exports.centre.dateUntil')]}
            value={dates}
            onChange={setDates}
          />
        </Stack>
      )}
      <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        {t('exports.centre.preview', { count: 5 })}
      </Typography>
      {preview.data && (
        // A file's columns as the file writes them (up to 40): the preview scrolls sideways
        // inside its own box (focusable, so the keyboard scrolls it too) and the page does not;
        // its first column stays at the left edge, so each row stays named (issue 35).
        <TableContainer sx={{ mb: 2, ...scrollTableSx }} tabIndex={0}>
          <Table size="small" aria-label={t('exports.centre.preview', { count: 5 })}>
            <TableHead>
              <TableRow>
                {preview.data.columns.map((c) => (
                  // The file's own header names, as the file writes them: codes, not wording.
                  <TableCell key={c.header} sx={{ whiteSpace: 'nowrap' }}>
                    <code>{c.header}</code>
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {preview.data.rows.map((row, i) => (
                <TableRow key={i} data-testid={`preview-row-${name}`}>
                  {row.cells.map((cell, j) => (
                    // The file's text as it will be written (the export's own values).
                    <TableCell key={j} sx={{ whiteSpace: 'nowrap' }}>
                      <code>{cell}</code>
                    </TableCell>
                  ))}
                </TableRow>
              ))}
              {preview.data.rows.length === 0 && (
                <TableRow>
                  <TableCell colSpan={preview.data.columns.length}>
                    {t('exports.centre.noRows')}
                  </TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        {t('exports.centre.format')}
      </Typography>
      {format && (
        <TableContainer sx={scrollTableSx} tabIndex={0}>
          <SimpleTable
            aria-label={t('exports.centre.format')}
            headers={[
              t('exports.centre.column'),
              t('exports.centre.meaning'),
              t('exports.centre.type'),
              t('exports.centre.unit'),
              t('exports.centre.example'),
            ]}
          >
            {format.columns.map((c) => (
              <TableRow key={c.header}>
                <TableCell>
                  <code>{c.header}</code>
                </TableCell>
                {/* The API describes the format in English; the screen speaks the user's
                      language (a column without a translation shows the API's text). */}
                <TableCell>
                  {t(`exports.formats.${name}.${c.header}`, { defaultValue: c.meaning })}
                </TableCell>
                <TableCell>
                  {t(`exports.columnTypes.${c.type}`, { defaultValue: c.type })}
                </TableCell>
                <TableCell>{c.unit ? unitText(c.unit, t) : ''}</TableCell>
                <TableCell>
                  <code>{c.example}</code>
                </TableCell>
              </TableRow>
            ))}
          </SimpleTable>
        </TableContainer>
      )}
    </SectionCard>
  );
}

/** /common/download_csv: the three CSV downloads of spec section 9. */
export function DownloadCsvPage() {
  const { t } = useTranslation();
  return (
    <Box>
      <Alert severity="info" sx={{ mb: 2 }}>
        {t('exports.centre.intro')}
      </Alert>
      <Stack spacing={2}>
        {CENTRE_TYPES.map((type) => (
          <CentreSection key={type.name} name={type.name} title={type.title} dated={type.dated} />
        ))}
      </Stack>
    </Box>
  );
}
