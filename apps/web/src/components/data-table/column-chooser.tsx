import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Checkbox, IconButton, ListItemText, Menu, MenuItem, Tooltip } from '@mui/material';
import ViewColumnIcon from '@mui/icons-material/ViewColumn';

type ChooserColumn = { id: string; label: string; hideable?: boolean };

/** A button with a menu of checkboxes that show or hide a table's columns. */
export function ColumnChooser({
  columns,
  hidden,
  onToggle,
}: {
  columns: ChooserColumn[];
  hidden: readonly string[];
  onToggle: (id: string) => void;
}) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const visibleCount = columns.filter((c) => !hidden.includes(c.id)).length;
  return (
    <>
      <Tooltip title={t('list.columns')}>
        <IconButton
          aria-label={t('list.columns')}
          aria-haspopup="true"
          aria-controls={anchor ? menuId : undefined}
          aria-expanded={anchor ? 'true' : undefined}
          onClick={(e) => setAnchor(e.currentTarget)}
        >
          <ViewColumnIcon />
        </IconButton>
      </Tooltip>
      <Menu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {columns.map((column) => {
          const shown = !hidden.includes(column.id);
          // The last visible column stays: a table with no columns helps nobody.
          const locked = column.hideable === false || (shown && visibleCount === 1);
          return (
            <MenuItem
              key={column.id}
              role="menuitemcheckbox"
              aria-checked={shown}
              disabled={locked}
              onClick={() => onToggle(column.id)}
              dense
            >
              <Checkbox
                checked={shown}
                size="small"
                tabIndex={-1}
                disableRipple
                sx={{ p: 0, mr: 1 }}
              />
              <ListItemText primary={column.label} />
            </MenuItem>
          );
        })}
      </Menu>
    </>
  );
}
