import '@/i18n/screens';
import { useRef, useState } from 'react';
import type { TFunction } from 'i18next';
import { Trans, useTranslation } from 'react-i18next';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItem,
  ListItemText,
  Typography,
} from '@mui/material';
import { isUploadMessageCode, type WithdrawalKind } from '@app/shared';

/** The API's transaction template (apps/api withdrawal-templates.ts), per kind and language. */
const WITHDRAWAL_TEMPLATE_PATH = '/templates/withdrawal-transactions.csv';
import { FileChooserButton, GuardedAction } from '@/components/guarded-action';
import { downloadFile } from '@/lib/download';
import { toastMessage } from '@/lib/error-message';
import { notifySuccess, showErrorToast } from '@/lib/feedback';
import { importReasonText } from '@/lib/import-reason';
import { ImportReportSummary, notApplicableText } from '@/components/import-report-summary';
import { hasRole } from '@/lib/roles';
import { useCurrentAdmin } from '@/lib/session/use-current-admin';
import type { WithdrawalSearchParams } from '@/gql/graphql';
import {
  useSigningExportPreview,
  useTransactionsUpload,
  type UploadAnswer,
} from '../api/withdrawal-files';
import { ExportBatchesDialog } from './export-batches-dialog';
import { SigningExportDialog } from './withdrawal-export-dialogs';

/**
 * The kind's signing exports (V1, V2: exactly the approved requests of the screen's filters
 * become processing, so the admin confirms their count and totals first), its earlier export
 * batches (downloaded again byte for byte) and its transaction CSV upload (checked, applied).
 */
export function WithdrawalTools({
  kind,
  searchParams,
}: {
  kind: WithdrawalKind;
  searchParams: WithdrawalSearchParams;
}) {
  const { t, i18n } = useTranslation();
  const admin = useCurrentAdmin();
  const [batches, setBatches] = useState(false);
  const uploader = useTransactionsUpload();
  const input = useRef<HTMLInputElement>(null);
  const [confirm, setConfirm] = useState<'v1' | 'v2' | null>(null);
  const [checked, setChecked] = useState<{ file: File; answer: UploadAnswer } | null>(null);
  const canWrite = hasRole(admin.data, 'write');
  // What a signing export of these filters would take: with no approved request there is
  // nothing to export, so the buttons say so instead of answering an error.
  const approved = useSigningExportPreview({ kind, searchParams }, canWrite);
  const nothingApproved = approved.data?.count === 0;
  // Until the admin is known, nothing: a reader then sees the tools disabled with the reason.
  if (!admin.data) return null;

  const onFile = (file: File | undefined) => {
    if (!file) return;
    uploader.mutate(
      { kind, file, dryRun: true },
      { onSuccess: (answer) => setChecked({ file, answer }) },
    );
    if (input.current) input.current.value = '';
  };

  return (
    <>
      {(['v1', 'v2'] as const).map((layout) => (
        <GuardedAction key={layout} unavailable={nothingApproved && t('actions.nothingToExport')}>
          <Button
            variant="outlined"
            size="small"
            disabled={canWrite && approved.isPending}
            aria-haspopup="dialog"
            onClick={() => setConfirm(layout)}
            title={t(`withdrawals.exportHelp.${layout}`)}
            data-testid={`signing-export-${layout}`}
          >
            {t(layout === 'v1' ? 'withdrawals.exportV1' : 'withdrawals.exportV2')}
          </Button>
        </GuardedAction>
      ))}
      {/* Earlier signing files are for the admins who sign (the API's rule): a reader sees why. */}
      <GuardedAction>
        <Button
          variant="outlined"
          size="small"
          aria-haspopup="dialog"
          onClick={() => setBatches(true)}
        >
          {t('withdrawals.signingExport.batchesButton')}
        </Button>
      </GuardedAction>
      <FileChooserButton
        variant="outlined"
        size="small"
        disabled={uploader.isPending}
        inputRef={input}
        testId="transactions-upload"
        onFile={onFile}
      >
        {t('withdrawals.upload')}
      </FileChooserButton>
      <Button
        size="small"
        data-testid="transactions-template"
        onClick={() =>
          // The template's notes in the admin's language; its columns are the kind's.
          void downloadFile(
            `${WITHDRAWAL_TEMPLATE_PATH}?kind=${kind}&lang=${encodeURIComponent(i18n.language)}`,
            'withdrawal-transactions-template.csv',
          ).catch((error: unknown) => {
            const text = toastMessage(error, t);
            if (text) showErrorToast(text);
          })
        }
      >
        {t('withdrawals.uploadTemplate')}
      </Button>
      <Typography
        variant="caption"
        color="text.secondary"
        sx={{ alignSelf: 'center' }}
        data-testid="transactions-upload-columns"
      >
        {/* Column names are typed into the file as they are: code, not wording. */}
        <Trans
          i18nKey="withdrawals.uploadColumns"
          values={{
            columns:
              kind === 'payment_paid_value'
                ? 'id, hecTransactionHash, ethTransactionHash'
                : 'id, transactionHash',
          }}
          components={{ c: <code /> }}
        />
      </Typography>
      {confirm && (
        <SigningExportDialog
          kind={kind}
          layout={confirm}
          searchParams={searchParams}
          onClose={() => setConfirm(null)}
        />
      )}
      {batches && <ExportBatchesDialog kind={kind} onClose={() => setBatches(false)} />}
      {checked && (
        <Dialog open onClose={() => setChecked(null)} maxWidth="sm" fullWidth>
          <DialogTitle>{t('withdrawals.upload')}</DialogTitle>
          <DialogContent>
            {/* Nothing to apply: the counts and why (the same head as every import report). */}
            {notApplicableText(checked.answer.report, t) === null ? (
              <Alert severity="info">{uploadMessage(checked.answer, checked.file.name, t)}</Alert>
            ) : (
              <ImportReportSummary
                report={checked.answer.report}
                testId="transactions-upload"
                ready={null}
                detail={checked.file.name}
              />
            )}
            <List dense data-testid="upload-errors">
              {checked.answer.report.errors.map((e) => (
                <ListItem key={`${e.line}-${e.column ?? ''}`} disableGutters>
                  <ListItemText
                    primary={`${e.line}${e.column ? ` · ${e.column}` : ''}: ${importReasonText(e, t)}`}
                  />
                </ListItem>
              ))}
            </List>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setChecked(null)}>{t('withdrawals.cancel')}</Button>
            <GuardedAction unavailable={notApplicableText(checked.answer.report, t)}>
              <Button
                variant="contained"
                disabled={!checked.answer.isSuccess || uploader.isPending}
                data-testid="transactions-upload-apply"
                onClick={() =>
                  uploader.mutate(
                    {
                      kind,
                      file: checked.file,
                      dryRun: false,
                      fingerprint: checked.answer.report.contentHash,
                    },
                    {
                      onSuccess: (answer) => {
                        notifySuccess(uploadMessage(answer, checked.file.name, t));
                        setChecked(null);
                      },
                    },
                  )
                }
              >
                {t('withdrawals.upload')}
              </Button>
            </GuardedAction>
          </DialogActions>
        </Dialog>
      )}
    </>
  );
}

/**
 * The upload's answer in the admin's language, from its code and parameters (the API's
 * `message` is English for API callers and is not shown).
 */
function uploadMessage(answer: UploadAnswer, fileName: string, t: TFunction): string {
  let params: Record<string, string | number> = {};
  try {
    params = JSON.parse(answer.messageParams) as Record<string, string | number>;
  } catch {
    // Without parameters the counts below still come from the answer itself.
  }
  const code = isUploadMessageCode(answer.messageCode) ? answer.messageCode : 'checked';
  return t(`withdrawals.uploadMessages.${code}`, {
    rowCount: answer.countTransactions,
    invalidRowCount: answer.report.invalidRowCount,
    errorCount: answer.report.errorCount,
    count: answer.countTransactions,
    ...params,
    fileName,
  });
}
