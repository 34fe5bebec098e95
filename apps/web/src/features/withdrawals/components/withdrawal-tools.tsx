import '@/i18n/screens';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  List,
  ListItem,
  ListItemText,
} from '@mui/material';
import type { WithdrawalKind } from '@app/shared';
import { notifySuccess } from '@/lib/feedback';
import { hasRole } from '@/lib/roles';
import { useCurrentAdmin } from '@/lib/session/use-current-admin';
import {
  useSigningExport,
  useTransactionsUpload,
  type UploadAnswer,
} from '../api/withdrawal-files';

/**
 * The kind's signing exports (V1, V2: approved requests become processing, so the admin
 * confirms first) and its transaction CSV upload (checked first, then applied).
 */
export function WithdrawalTools({ kind }: { kind: WithdrawalKind }) {
  const { t } = useTranslation();
  const admin = useCurrentAdmin();
  const exporter = useSigningExport();
  const uploader = useTransactionsUpload();
  const input = useRef<HTMLInputElement>(null);
  const [confirm, setConfirm] = useState<'v1' | 'v2' | null>(null);
  const [checked, setChecked] = useState<{ file: File; answer: UploadAnswer } | null>(null);
  if (!hasRole(admin.data, 'write')) return null;

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
      <Button variant="outlined" size="small" onClick={() => setConfirm('v1')}>
        {t('withdrawals.exportV1')}
      </Button>
      <Button variant="outlined" size="small" onClick={() => setConfirm('v2')}>
        {t('withdrawals.exportV2')}
      </Button>
      <Button variant="outlined" size="small" component="label" disabled={uploader.isPending}>
        {t('withdrawals.upload')}
        <input
          ref={input}
          hidden
          type="file"
          accept=".csv,text/csv"
          data-testid="transactions-upload"
          onChange={(e) => onFile(e.target.files?.[0])}
        />
      </Button>
      {confirm && (
        <Dialog open onClose={() => setConfirm(null)} maxWidth="xs" fullWidth>
          <DialogTitle>
            {confirm === 'v1' ? t('withdrawals.exportV1') : t('withdrawals.exportV2')}
          </DialogTitle>
          <DialogContent>
            <DialogContentText>{t('withdrawals.exportHint')}</DialogContentText>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setConfirm(null)}>{t('withdrawals.cancel')}</Button>
            <Button
              variant="contained"
              disabled={exporter.isPending}
              onClick={() =>
                exporter.mutate(
                  { kind, layout: confirm },
                  {
                    onSuccess: (a) => notifySuccess(`${a.fileName} (${a.batch.requestCount})`),
                    onSettled: () => setConfirm(null),
                  },
                )
              }
            >
              {t('withdrawals.exportConfirm')}
            </Button>
          </DialogActions>
        </Dialog>
      )}
      {checked && (
        <Dialog open onClose={() => setChecked(null)} maxWidth="sm" fullWidth>
          <DialogTitle>{t('withdrawals.upload')}</DialogTitle>
          <DialogContent>
            <Alert severity={checked.answer.isSuccess ? 'info' : 'error'}>
              {checked.file.name}: {checked.answer.message}
            </Alert>
            <List dense data-testid="upload-errors">
              {checked.answer.report.errors.map((e) => (
                <ListItem key={`${e.line}-${e.column ?? ''}`} disableGutters>
                  <ListItemText
                    primary={`${e.line}${e.column ? ` · ${e.column}` : ''}: ${e.message}`}
                  />
                </ListItem>
              ))}
            </List>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setChecked(null)}>{t('withdrawals.cancel')}</Button>
            <Button
              variant="contained"
              disabled={!checked.answer.isSuccess || uploader.isPending}
              onClick={() =>
                uploader.mutate(
                  { kind, file: checked.file, dryRun: false },
                  {
                    onSuccess: (answer) => {
                      notifySuccess(answer.message);
                      setChecked(null);
                    },
                  },
                )
              }
            >
              {t('withdrawals.upload')}
            </Button>
          </DialogActions>
        </Dialog>
      )}
    </>
  );
}
