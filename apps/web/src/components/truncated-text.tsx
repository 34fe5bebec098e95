import { CELL_MAX_CHARS, truncateText } from '@/lib/format';

/**
 * Text cut at 55 characters (spec section 9) with the whole text on hover. It is not a tab
 * stop: rows carry the full name in their accessible label, and a table of them would
 * otherwise be dozens of stops.
 */
export function TruncatedText({ text, max = CELL_MAX_CHARS }: { text: string; max?: number }) {
  const short = truncateText(text, max);
  if (short === text) return <>{text}</>;
  return (
    <span title={text} style={{ whiteSpace: 'nowrap' }}>
      {short}
    </span>
  );
}
