import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Box, Button, LinearProgress, Stack, Typography } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { isErrorCode } from '@app/shared';
import { DownloadError, fetchDownload, formatBytes, saveFile } from '@/lib/download';
import { GuardedAction } from '@/components/guarded-action';
import { toastMessage } from '@/lib/error-message';
import { notifySuccess, showErrorToast } from '@/lib/feedback';
import '@/i18n/screens';

type ExportLinkResult = { url: string; fileName: string };

/**
 * "Export CSV" for a list or the download centre: asks the screen's export query for a link
 * (the screen's current filters), then streams the file with the session's token, showing
 * the bytes received; a transfer that breaks off is reported and nothing is saved.
 */
export function ExportButton({
  getLink,
  label,
  help,
  disabled = false,
  rowCount,
}: {
  getLink: () => Promise<ExportLinkResult>;
  label?: string;
  /** What this layout holds, on hover (a second layout says how it differs, issue 35). */
  help?: string;
  disabled?: boolean;
  /** The rows the export would take (the list's total): 0 disables it with the reason. */
  rowCount?: number | null;
}) {
  const { t } = useTranslation();
  const [bytes, setBytes] = useState<number | null>(null);

  async function run() {
    setBytes(0);
    try {
      const link = await getLink();
      const blob = await fetchDownload(link.url, setBytes);
      saveFile(blob, link.fileName);
      notifySuccess(t('exports.done', { file: link.fileName, size: formatBytes(blob.size) }));
    } catch (error) {
      if (error instanceof DownloadError) {
        showErrorToast(
          t('errors.generic', {
            // Never the route's English: a refusal by its code (FORBIDDEN: not this admin's link).
            message:
              error.kind === 'broken'
                ? t('exports.broken')
                : error.kind === 'expired'
                  ? t('exports.expired')
                  : error.kind === 'unreachable'
                    ? t('errors.unreachable')
                    : t(`errors.${isErrorCode(error.code) ? error.code : 'INTERNAL_SERVER_ERROR'}`),
          }),
        );
      } else {
        const text = toastMessage(error, t);
        if (text) showErrorToast(text);
      }
    } finally {
      setBytes(null);
    }
  }

  const busy = bytes !== null;
  return (
    <Stack direction="row" spacing={1} alignItems="center">
      <GuardedAction role={null} unavailable={rowCount === 0 && t('actions.nothingToExport')}>
        <Button
          variant="outlined"
          size="small"
          startIcon={<DownloadIcon />}
          onClick={() => void run()}
          disabled={disabled || busy}
          title={help}
          data-testid="export-button"
        >
          {label ?? t('exports.button')}
        </Button>
      </GuardedAction>
      {busy && (
        <Box sx={{ minWidth: 140 }} role="status" aria-live="polite">
          <LinearProgress aria-label={t('exports.downloading')} />
          <Typography variant="caption" color="text.secondary">
            {t('exports.progress', { size: formatBytes(bytes) })}
          </Typography>
        </Box>
      )}
    </Stack>
  );
}

/** The row of export buttons above a list, at its right. */
export function ExportBar({ children }: { children: ReactNode }) {
  return (
    <Stack direction="row" spacing={1} justifyContent="flex-end" sx={{ mb: 1 }}>
      {children}
    </Stack>
  );
}
