import { Tooltip } from '@mui/material';
import { CELL_MAX_CHARS, truncateText } from '@/lib/format';

/**
 * Text cut at 55 characters (spec section 9) with the whole text on hover and on keyboard
 * focus; short text renders as is.
 */
export function TruncatedText({ text, max = CELL_MAX_CHARS }: { text: string; max?: number }) {
  const short = truncateText(text, max);
  if (short === text) return <>{text}</>;
  return (
    <Tooltip title={text}>
      {/* Focusable so keyboard users can read the whole text too. */}
      <span tabIndex={0} style={{ whiteSpace: 'nowrap' }}>
        {short}
      </span>
    </Tooltip>
  );
}
