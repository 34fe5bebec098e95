import { Box, keyframes } from '@mui/material';

const slide = keyframes`
  from { transform: translateX(-100%); }
  to { transform: translateX(250%); }
`;

/**
 * A thin indeterminate bar fixed at the top of the window. Plain CSS rather than MUI's
 * LinearProgress, which would add its code to every first load.
 */
export function ProgressBar({ label, testId }: { label: string; testId?: string }) {
  return (
    <Box
      role="progressbar"
      aria-label={label}
      data-testid={testId}
      sx={{
        position: 'fixed',
        top: 0,
        left: 0,
        right: 0,
        height: 3,
        overflow: 'hidden',
        zIndex: (theme) => theme.zIndex.tooltip + 1,
        bgcolor: 'action.selected',
        '&::before': {
          content: '""',
          position: 'absolute',
          top: 0,
          bottom: 0,
          width: '40%',
          bgcolor: 'primary.main',
          animation: `${slide} 1.2s ease-in-out infinite`,
          '@media (prefers-reduced-motion: reduce)': {
            animation: 'none',
            width: '100%',
            opacity: 0.6,
          },
        },
      }}
    />
  );
}
