/**
 * The box of a plain table that may be wider than its place (a phone, a file's columns): it
 * scrolls inside itself, no taller than the window below the app bar (so its sideways
 * scrollbar is in sight whenever the table is), and its first column stays at the left edge
 * (each row stays named). What the every-route walk asks of a cut table (issue 35,
 * docs/list-conventions.md); a DataTable does this by itself.
 */
export const scrollTableSx = {
  overflow: 'auto',
  maxWidth: '100%',
  maxHeight: 'calc(100dvh - 88px)',
  '& tr > :first-of-type': {
    position: 'sticky',
    left: 0,
    zIndex: 1,
    bgcolor: 'background.paper',
  },
} as const;

/**
 * A cell that stays at the left edge while its table scrolls sideways (a list's identifying
 * column, the statistics' date): it needs a background so the cells under it do not show,
 * and a line at its right edge.
 */
export const pinnedSx = {
  position: 'sticky',
  left: 0,
  zIndex: 1,
  bgcolor: 'background.paper',
  boxShadow: (theme: { palette: { divider: string } }) => `inset -1px 0 0 ${theme.palette.divider}`,
} as const;
