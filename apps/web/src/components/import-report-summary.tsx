import type { ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Alert, Typography } from '@mui/material';
import { isImportNotApplicableReason, type ImportNotApplicableReason } from '@app/shared';

/** What every import report counts (the API's CsvImportReport), rows and errors apart. */
type ImportCounts = {
  rowCount: number;
  invalidRowCount: number;
  errorCount: number;
  applicableRowCount: number;
  notApplicableReason?: string | null;
};

/** The report's reason code, when applying it would apply nothing (null: it applies). */
function notApplicableReasonOf(report: ImportCounts): ImportNotApplicableReason | null {
  const reason = report.notApplicableReason;
  if (reason === null || reason === undefined) return null;
  // A code this build does not know still means "nothing applies": say the rows are wrong.
  return isImportNotApplicableReason(reason) ? reason : 'allRowsInvalid';
}

/** Why nothing can be applied, in the admin's language (null when the file applies). */
export function notApplicableText(report: ImportCounts, t: TFunction): string | null {
  const reason = notApplicableReasonOf(report);
  return reason === null ? null : t(`imports.notApplicable.${reason}`);
}

/**
 * The report's counts in one line: rows and errors apart ("3 行中 2 行に誤り（5 件）"), or the
 * rows read when none is wrong.
 */
function importCountsText(report: ImportCounts, t: TFunction): string {
  return report.invalidRowCount > 0
    ? t('imports.counts', {
        rows: report.rowCount,
        invalidRows: report.invalidRowCount,
        errors: report.errorCount,
      })
    : t('imports.rowsRead', { rows: report.rowCount });
}

/**
 * The head of an import report, the same on every import screen: when nothing can be applied,
 * the counts and the reason (and any detail the screen adds, such as which import applied the
 * file before); otherwise `ready`, what applying does.
 */
export function ImportReportSummary({
  report,
  ready,
  detail,
  testId,
}: {
  report: ImportCounts;
  ready: ReactNode;
  detail?: ReactNode;
  testId: string;
}) {
  const { t } = useTranslation();
  const reason = notApplicableReasonOf(report);
  if (reason === null) {
    return (
      <Alert severity="success" data-testid={`${testId}-summary`}>
        {ready}
      </Alert>
    );
  }
  // Wrong rows are an error to fix; a file with nothing (left) to apply is a warning.
  const severity =
    reason === 'allRowsInvalid' || reason === 'someRowsInvalid' ? 'error' : 'warning';
  return (
    <Alert severity={severity} data-testid={`${testId}-summary`}>
      <Typography variant="body2" fontWeight="bold" data-testid={`${testId}-counts`}>
        {importCountsText(report, t)}
      </Typography>
      <Typography variant="body2" data-testid={`${testId}-reason`}>
        {t(`imports.notApplicable.${reason}`)}
      </Typography>
      {detail ? <Typography variant="body2">{detail}</Typography> : null}
    </Alert>
  );
}
