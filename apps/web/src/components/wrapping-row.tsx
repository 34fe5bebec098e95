import { Stack, type StackProps } from '@mui/material';

/**
 * A row of a title, text or buttons that wraps onto the next line on a narrow screen instead of
 * squeezing its items (button labels stay on one line: see the theme). Gaps, not margins, so a
 * wrapped item starts at the left edge.
 */
export function WrappingRow({ columnGap = 1, rowGap = 0.5, ...props }: StackProps) {
  return (
    <Stack
      direction="row"
      alignItems="center"
      useFlexGap
      flexWrap="wrap"
      columnGap={columnGap}
      rowGap={rowGap}
      {...props}
    />
  );
}
