import { Box } from '@mui/material';
import { CopyButton } from './copy-button';

/** '0x70d0e14e8c06eb6ec0c8a…' → '0x70d0…c8a1': the start and end an operator compares. */
function shortenHash(value: string, head = 6, tail = 4): string {
  const chars = [...value];
  return chars.length <= head + tail + 1
    ? value
    : `${chars.slice(0, head).join('')}…${chars.slice(-tail).join('')}`;
}

/**
 * A hash or an address, shortened in the middle with the whole value on hover, and a copy
 * button (the one tab stop: operators copy these all day, and the text itself is not focusable).
 */
export function HashText({
  value,
  label,
  head,
  tail,
}: {
  value: string | null | undefined;
  /** What the value is, for the copy button's name ("Copy transaction hash"). */
  label: string;
  head?: number;
  tail?: number;
}) {
  if (!value) return null;
  return (
    <Box
      component="span"
      sx={{ display: 'inline-flex', alignItems: 'center', whiteSpace: 'nowrap' }}
    >
      <Box component="span" title={value} sx={{ fontFamily: 'monospace', fontSize: '0.8125rem' }}>
        {shortenHash(value, head, tail)}
      </Box>
      <CopyButton value={value} label={`${label} ${shortenHash(value, head, tail)}`} />
    </Box>
  );
}
