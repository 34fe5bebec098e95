import { lazy, Suspense } from 'react';
import { useScrollTrigger } from '@mui/material';

/** Scroll threshold of spec section 9. */
const SHOW_AFTER_PX = 300;

// The button's code loads the first time the page is scrolled that far.
const ScrollTopFab = lazy(() =>
  import('./scroll-top-fab').then((m) => ({ default: m.ScrollTopFab })),
);

/** A button back to the top that appears after 300 px of scrolling. */
export function ScrollTopButton() {
  const trigger = useScrollTrigger({ disableHysteresis: true, threshold: SHOW_AFTER_PX });
  if (!trigger) return null;
  return (
    <Suspense fallback={null}>
      <ScrollTopFab />
    </Suspense>
  );
}
