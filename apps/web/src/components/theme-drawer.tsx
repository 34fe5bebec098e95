import { useTranslation } from 'react-i18next';
import {
  Box,
  Drawer,
  FormControl,
  FormControlLabel,
  FormLabel,
  IconButton,
  Radio,
  RadioGroup,
  Stack,
  Typography,
} from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import {
  PRIMARY_COLORS,
  updateThemeSettings,
  useThemeSettings,
  type PrimaryColor,
} from '@/lib/theme-settings';

/** The settings that are light or dark (theme.sidebar, theme.mode and their Light/Dark labels). */
const LIGHT_OR_DARK = ['sidebar', 'mode'] as const;

/** The theme settings drawer: primary colour, light or dark sidebar, light or dark mode. */
export function ThemeDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const settings = useThemeSettings();
  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      slotProps={{ paper: { sx: { width: 300, p: 2 }, 'aria-labelledby': 'theme-drawer-title' } }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2 }}>
        <Typography component="h2" variant="h6" id="theme-drawer-title">
          {t('theme.title')}
        </Typography>
        <IconButton onClick={onClose} aria-label={t('shell.close')}>
          <CloseIcon />
        </IconButton>
      </Stack>
      <Stack spacing={3}>
        <FormControl>
          <FormLabel id="theme-primary-label">{t('theme.primaryColor')}</FormLabel>
          <RadioGroup
            aria-labelledby="theme-primary-label"
            value={settings.primary}
            onChange={(event) =>
              updateThemeSettings({ primary: event.target.value as PrimaryColor })
            }
          >
            {(Object.keys(PRIMARY_COLORS) as PrimaryColor[]).map((color) => (
              <FormControlLabel
                key={color}
                value={color}
                control={<Radio />}
                label={
                  <Box
                    component="span"
                    sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}
                  >
                    <Box
                      component="span"
                      aria-hidden
                      sx={{
                        width: 16,
                        height: 16,
                        borderRadius: '50%',
                        bgcolor: PRIMARY_COLORS[color][settings.mode],
                        border: 1,
                        borderColor: 'divider',
                      }}
                    />
                    {t(`theme.colors.${color}`)}
                  </Box>
                }
              />
            ))}
          </RadioGroup>
        </FormControl>
        {LIGHT_OR_DARK.map((name) => (
          <FormControl key={name}>
            <FormLabel id={`theme-${name}-label`}>{t(`theme.${name}`)}</FormLabel>
            <RadioGroup
              row
              aria-labelledby={`theme-${name}-label`}
              value={settings[name]}
              onChange={(event) =>
                updateThemeSettings({ [name]: event.target.value === 'dark' ? 'dark' : 'light' })
              }
            >
              <FormControlLabel value="light" control={<Radio />} label={t(`theme.${name}Light`)} />
              <FormControlLabel value="dark" control={<Radio />} label={t(`theme.${name}Dark`)} />
            </RadioGroup>
          </FormControl>
        ))}
      </Stack>
    </Drawer>
  );
}
