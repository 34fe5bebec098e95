import { useEffect, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { IconButton, Tooltip } from '@mui/material';
import CheckIcon from '@mui/icons-material/Check';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import '@/i18n/lists';

/** Writes text to the clipboard, with the old textarea fallback for non-secure origins. */
async function writeClipboard(text: string): Promise<void> {
  if (navigator.clipboard && window.isSecureContext) {
    await navigator.clipboard.writeText(text);
    return;
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  document.execCommand('copy');
  area.remove();
}

/**
 * A small button that copies `value` (a hash, an address) and says so for a moment. Clicks
 * do not reach the row under it, so copying never opens the row's detail.
 */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 1500);
    return () => clearTimeout(timer);
  }, [copied]);
  const onClick = (event: MouseEvent) => {
    event.stopPropagation();
    void writeClipboard(value).then(() => setCopied(true));
  };
  const name = t('list.copyValue', { name: label });
  return (
    <Tooltip title={copied ? t('list.copied') : name}>
      <IconButton
        size="small"
        aria-label={name}
        onClick={onClick}
        onKeyDown={(event) => event.stopPropagation()}
        sx={{ p: 0.25, ml: 0.5 }}
      >
        {copied ? <CheckIcon sx={{ fontSize: 16 }} /> : <ContentCopyIcon sx={{ fontSize: 16 }} />}
      </IconButton>
    </Tooltip>
  );
}
