import { useEffect, useRef, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import {
  Alert,
  Box,
  Button,
  DialogContentText,
  LinearProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { SimpleTable } from '@/components/data-table/simple-table';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FileChooserButton, GuardedAction } from '@/components/guarded-action';
import { importSentence, importTotalText } from '@/lib/confirm-sentence';
import { SectionCard } from '@/components/section-card';
import { AmountText } from '@/components/amount-text';
import { formatDateTime } from '@/lib/date-time';
import { downloadFile, downloadServedFile } from '@/lib/download';
import { errorMessage } from '@/lib/error-message';
import { notifySuccess } from '@/lib/feedback';
import { useImportProgress, useInvalidatePayments, useTransactionsPlans } from '../api/queries';
import {
  followRun,
  newProgressKey,
  pendingRuns,
  uploadCsv,
  type CsvKind,
  type CsvResult,
  type PendingRun,
} from '../api/upload-csv';
import { importReasonText } from '@/lib/import-reason';
import { ImportReportSummary, notApplicableText } from '@/components/import-report-summary';

const TEMPLATES: Record<CsvKind, { path: string; fileName: string }> = {
  payments: { path: '/templates/user-payments.csv', fileName: 'user-payments-template.csv' },
  rates: { path: '/templates/rates.csv', fileName: 'rates-template.csv' },
};

type Phase =
  | { step: 'idle' }
  | { step: 'uploading'; fraction: number; key: string }
  | { step: 'working'; key: string };

/**
 * A CSV import in two steps: check (dry run: counts, totals and every bad row) and apply.
 * The same file is sent twice; the server parses it the same way both times.
 */
export function CsvUploadSection({ kind }: { kind: CsvKind }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  // A run this tab started before a reload: followed to its result (issue 36: the upload
  // answers at once and the job runs on; the screen must not lose it).
  const [pending] = useState(() => pendingRuns.read(kind));
  const [resumed, setResumed] = useState<string | null>(pending?.fileName ?? null);
  const [phase, setPhase] = useState<Phase>(
    pending ? { step: 'working', key: pending.progressKey } : { step: 'idle' },
  );
  const [report, setReport] = useState<CsvResult | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [confirming, setConfirming] = useState(false);
  const invalidate = useInvalidatePayments();

  const finish = async (dryRun: boolean, result: CsvResult) => {
    if (dryRun) {
      setReport(result);
    } else {
      setReport(null);
      setFile(null);
      if (input.current) input.current.value = '';
      // What it did: the count and the totals of the apply's own report.
      notifySuccess(
        t('transactions.csv.doneTotals', {
          message: t(`transactions.csv.${kind}.done`, { count: result.countPayments }),
          totals: totalsSentence(t, result.report.totals),
        }),
      );
      await invalidate();
    }
  };

  const send = async (dryRun: boolean) => {
    if (!file) return;
    setError(null);
    setResumed(null);
    const key = newProgressKey();
    setPhase({ step: 'uploading', fraction: 0, key });
    try {
      const result = await uploadCsv(
        kind,
        file,
        dryRun,
        (fraction) =>
          setPhase(fraction >= 1 ? { step: 'working', key } : { step: 'uploading', fraction, key }),
        key,
        dryRun ? undefined : report?.report.contentHash,
        (runId) => pendingRuns.save(kind, { runId, dryRun, progressKey: key, fileName: file.name }),
      );
      await finish(dryRun, result);
    } catch (e) {
      setError(e);
    } finally {
      pendingRuns.clear(kind);
      setPhase({ step: 'idle' });
    }
  };

  useResumedRun(kind, pending, {
    result: finish,
    error: setError,
    end: () => {
      setResumed(null);
      setPhase({ step: 'idle' });
    },
  });

  const r = report?.report;
  const busy = phase.step !== 'idle';
  // Why the checked file cannot be applied (the server's reason, in the admin's language).
  const unavailable = r ? notApplicableText(r, t) : null;
  const canApply = r && unavailable === null && r.applicableRowCount > 0 && r.count > 0 && !busy;
  const testId = `csv-${kind}`;
  return (
    <SectionCard title={t(`transactions.csv.${kind}.title`)} id={testId}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {/* The column names are what the file's header must say: codes, not wording. */}
        <Trans i18nKey={`transactions.csv.${kind}.columns`} components={{ c: <code /> }} />
      </Typography>
      {kind === 'payments' && <PlanIds />}
      <Stack direction="row" flexWrap="wrap" gap={1} alignItems="center">
        <TemplateButton kind={kind} onError={setError} />
        <FileChooserButton
          variant="outlined"
          disabled={busy}
          inputRef={input}
          testId={`${testId}-file`}
          onFile={(chosen) => {
            setFile(chosen ?? null);
            setReport(null);
            setError(null);
          }}
        >
          {t('transactions.csv.choose')}
        </FileChooserButton>
        <Typography variant="body2">{file?.name ?? t('transactions.csv.noFile')}</Typography>
        <GuardedAction>
          <Button
            variant="outlined"
            disabled={!file || busy}
            onClick={() => void send(true)}
            data-testid={`${testId}-check`}
          >
            {t('transactions.csv.check')}
          </Button>
        </GuardedAction>
      </Stack>
      {phase.step === 'uploading' && (
        <LinearProgress
          variant="determinate"
          value={Math.round(phase.fraction * 100)}
          aria-label={t('transactions.csv.uploading')}
          sx={{ mt: 2 }}
        />
      )}
      {resumed && (
        <Typography variant="body2" sx={{ mt: 2 }} data-testid={`${testId}-resumed`}>
          {t('transactions.csv.resumed', { fileName: resumed })}
        </Typography>
      )}
      {phase.step === 'working' && <ServerProgress progressKey={phase.key} />}
      {error ? (
        <Alert severity="error" sx={{ mt: 2 }} data-testid={`${testId}-error`}>
          {errorMessage(error, t)}
        </Alert>
      ) : null}
      {r && (
        <Box sx={{ mt: 2 }} data-testid={`${testId}-report`}>
          <ImportReportSummary
            report={r}
            testId={testId}
            ready={t(`transactions.csv.${kind}.ready`, { count: r.count, rows: r.rowCount })}
            detail={
              r.alreadyImported
                ? t('transactions.csv.alreadyImported', {
                    id: r.alreadyImported.id,
                    at: formatDateTime(r.alreadyImported.importedAt),
                    by: r.alreadyImported.adminUserName ?? '',
                  })
                : null
            }
          />
          {r.totals.length > 0 && r.errorCount === 0 && (
            <Typography variant="body2" sx={{ mt: 1 }}>
              {totalsSentence(t, r.totals)}
            </Typography>
          )}
          {r.rows.length > 0 && <PreviewRows rows={r.rows} testId={`${testId}-preview`} />}
          {kind === 'payments' && r.dryRun && !r.alreadyImported && r.rowCount > 0 && (
            <CheckReportButton
              contentHash={r.contentHash}
              rows={r.rowCount}
              onError={setError}
              testId={`${testId}-check-report`}
            />
          )}
          {r.errors.length > 0 && <RowErrorsTable errors={r.errors} />}
          <Box sx={{ mt: 1 }}>
            {/* Nothing to apply: disabled, with the reason on hover and focus. */}
            <GuardedAction unavailable={unavailable}>
              <Button
                variant="contained"
                disabled={!canApply}
                onClick={() => setConfirming(true)}
                data-testid={`${testId}-apply`}
              >
                {unavailable === null
                  ? t('transactions.csv.apply', { count: r.count })
                  : t('imports.apply')}
              </Button>
            </GuardedAction>
          </Box>
          <ApplyConfirmDialog
            open={confirming}
            sentence={importSentence(t, kind, {
              rows: r.rowCount,
              count: r.count,
              totals: r.totals,
            })}
            testId={testId}
            onClose={() => setConfirming(false)}
            onConfirm={() => {
              setConfirming(false);
              void send(false);
            }}
          />
        </Box>
      )}
    </SectionCard>
  );
}

/**
 * The server's phase once the bytes are up: parsing moves the bar by the bytes read, with the
 * rows counted; checking and applying are set-based statements of unknown length (a moving
 * bar, the phase named).
 */
function ServerProgress({ progressKey }: { progressKey: string }) {
  const { t } = useTranslation();
  const progress = useImportProgress(progressKey).data;
  const phase = progress?.phase ?? 'waiting';
  const label =
    phase === 'parsing'
      ? t('transactions.csv.progress.parsing', { rows: progress!.rowsRead })
      : phase === 'checking' || phase === 'applying'
        ? t(`transactions.csv.progress.${phase}`)
        : t('transactions.csv.working');
  const fraction =
    phase === 'parsing' && progress!.byteSize > 0 ? progress!.bytesRead / progress!.byteSize : null;
  return (
    <Box sx={{ mt: 2 }} data-testid="csv-server-progress">
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      {fraction === null ? (
        <LinearProgress aria-label={label} />
      ) : (
        <LinearProgress
          variant="determinate"
          value={Math.round(fraction * 100)}
          aria-label={label}
        />
      )}
    </Box>
  );
}

/**
 * Saves the check's report of every row of the file (its values, the user and plan names its
 * ids resolved to, its result and reasons in the admin's language), as the server kept it
 * for this admin's newest check of this content.
 */
function CheckReportButton({
  contentHash,
  rows,
  onError,
  testId,
}: {
  contentHash: string;
  rows: number;
  onError: (error: unknown) => void;
  testId: string;
}) {
  const { t, i18n } = useTranslation();
  const [saving, setSaving] = useState(false);
  const save = async () => {
    setSaving(true);
    try {
      await downloadServedFile(
        `/import-reports/payments/${contentHash}?lang=${encodeURIComponent(i18n.language)}`,
        'payments-check-report.csv',
      );
    } catch (error) {
      onError(error);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Box sx={{ mt: 1 }}>
      <Button
        size="small"
        variant="outlined"
        disabled={saving}
        onClick={() => void save()}
        data-testid={testId}
      >
        {t('transactions.csv.checkReport', { count: rows })}
      </Button>
      <Typography variant="caption" color="text.secondary" component="p">
        {t('transactions.csv.checkReportHint')}
      </Typography>
    </Box>
  );
}

/** The plans with their ids: what a payments file's planId column refers to. */
function PlanIds() {
  const { t } = useTranslation();
  const plans = useTransactionsPlans().data ?? [];
  if (plans.length === 0) return null;
  return (
    <Box
      sx={{ overflowX: 'auto', maxHeight: 240, mb: 1 }}
      data-testid="csv-payments-plans"
      tabIndex={0}
    >
      <Typography variant="subtitle2">{t('transactions.csv.plansTitle')}</Typography>
      <SimpleTable
        aria-label={t('transactions.csv.plansTable')}
        headers={[
          t('transactions.csv.planId'),
          t('transactions.csv.planName'),
          t('transactions.csv.planCoin'),
          t('transactions.csv.planPrice'),
        ]}
      >
        {plans.map((p) => (
          <TableRow key={p.id}>
            <TableCell>{p.id}</TableCell>
            <TableCell>{p.name}</TableCell>
            <TableCell>{p.coinType}</TableCell>
            <TableCell>
              <AmountText value={String(p.price)} />
            </TableCell>
          </TableRow>
        ))}
      </SimpleTable>
    </Box>
  );
}

type RowError = NonNullable<CsvResult['report']>['errors'][number];
type PreviewRow = NonNullable<CsvResult['report']>['rows'][number];

/** The first rows of the file with what their ids resolve to (user and plan names). */
function PreviewRows({ rows, testId }: { rows: readonly PreviewRow[]; testId: string }) {
  const { t } = useTranslation();
  const names = rows[0]!.values.map((v) => v.name);
  const resolved = new Set(['userName', 'planName']);
  return (
    <Box sx={{ overflowX: 'auto', maxHeight: 320, mt: 1 }} data-testid={testId} tabIndex={0}>
      <Typography variant="subtitle2">{t('transactions.csv.previewTitle')}</Typography>
      <Table size="small" aria-label={t('transactions.csv.previewTable')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('transactions.csv.line')}</TableCell>
            {names.map((name) => (
              <TableCell key={name}>{t(`transactions.csv.previewColumns.${name}`, name)}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.line}>
              <TableCell>{row.line}</TableCell>
              {row.values.map((v) => (
                <TableCell key={v.name}>
                  {v.value === null
                    ? resolved.has(v.name)
                      ? t('transactions.csv.unknownName')
                      : ''
                    : v.name === 'confirmedAt'
                      ? formatDateTime(v.value)
                      : v.value}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

/** The translated reason (one helper for every import screen). */
/** The kind's template, its notes (the payments one lists the plan ids) in the admin's language. */
function TemplateButton({ kind, onError }: { kind: CsvKind; onError: (e: unknown) => void }) {
  const { t, i18n } = useTranslation();
  return (
    <Button
      size="small"
      onClick={() =>
        void downloadFile(
          `${TEMPLATES[kind].path}?lang=${encodeURIComponent(i18n.language)}`,
          TEMPLATES[kind].fileName,
        ).catch(onError)
      }
    >
      {t('transactions.csv.template')}
    </Button>
  );
}

/** The totals of a check or an apply, as the operator confirms them: exact and grouped. */
function totalsSentence(
  t: ReturnType<typeof useTranslation>['t'],
  totals: ReadonlyArray<{ name: string; value: string }>,
): string {
  // docs/domain.md, "Money on screen".
  return totals
    .map(
      (x) => `${t(`transactions.totals.${x.name}`, x.name)}: ${importTotalText(x.name, x.value)}`,
    )
    .join(' / ');
}

/**
 * Follows the run a reload interrupted (pendingRuns) to its end, once per mount: its result,
 * or its refusal; then forgets it.
 */
function useResumedRun(
  kind: CsvKind,
  pending: PendingRun | null,
  on: {
    result: (dryRun: boolean, result: CsvResult) => Promise<void>;
    error: (e: unknown) => void;
    end: () => void;
  },
) {
  useEffect(() => {
    if (!pending) return;
    let live = true;
    followRun(pending.runId)
      .then((result) => (live ? on.result(pending.dryRun, result) : undefined))
      .catch((e: unknown) => live && on.error(e))
      .finally(() => {
        if (!live) return;
        pendingRuns.clear(kind);
        on.end();
      });
    return () => {
      live = false;
    };
    // The callbacks are the mount's; only the pending run decides.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pending]);
}

/** Every bad row of a check: line, column and the reason in the admin's language. */
function RowErrorsTable({ errors }: { errors: readonly RowError[] }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ overflowX: 'auto', maxHeight: 320, mt: 1 }} tabIndex={0}>
      <SimpleTable
        aria-label={t('transactions.csv.errorsTable')}
        headers={[
          t('transactions.csv.line'),
          t('transactions.csv.column'),
          t('transactions.csv.reason'),
        ]}
      >
        {errors.map((e) => (
          <TableRow key={`${e.line}-${e.column ?? ''}-${e.code}`}>
            <TableCell>{e.line}</TableCell>
            <TableCell>{e.column ?? ''}</TableCell>
            <TableCell>{reasonText(e, t)}</TableCell>
          </TableRow>
        ))}
      </SimpleTable>
    </Box>
  );
}

/** The apply's question: the one sentence of what it will import, then cancel or import. */
function ApplyConfirmDialog(props: {
  open: boolean;
  sentence: string;
  testId: string;
  onClose: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      open={props.open}
      onClose={props.onClose}
      title={t('transactions.csv.confirmTitle')}
      confirmLabel={t('transactions.csv.confirmYes')}
      confirmTestId={`${props.testId}-confirm`}
      onConfirm={props.onConfirm}
    >
      <DialogContentText data-testid={`${props.testId}-confirm-text`}>
        {props.sentence}
      </DialogContentText>
    </ConfirmDialog>
  );
}

function reasonText(e: RowError, t: ReturnType<typeof useTranslation>['t']): string {
  return importReasonText(e, t);
}
