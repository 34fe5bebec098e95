import { useTranslation } from 'react-i18next';
import { Fab } from '@mui/material';
import KeyboardArrowUpIcon from '@mui/icons-material/KeyboardArrowUp';

/** The visible scroll-to-top button. */
export function ScrollTopFab() {
  const { t } = useTranslation();
  return (
    <Fab
      color="primary"
      size="small"
      aria-label={t('shell.scrollTop')}
      onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
      sx={{ position: 'fixed', bottom: 24, right: 24, zIndex: (theme) => theme.zIndex.speedDial }}
    >
      <KeyboardArrowUpIcon />
    </Fab>
  );
}
