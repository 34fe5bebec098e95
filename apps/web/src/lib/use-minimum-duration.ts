import { useEffect, useRef, useState } from 'react';

/**
 * Follows `active`, but once true stays true for at least `minimumMs`, so a fast request
 * still shows the loading bar instead of a flicker (spec section 4: 200 ms).
 */
export function useMinimumDuration(active: boolean, minimumMs: number): boolean {
  const [holding, setHolding] = useState(false);
  const hideTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => {
    if (!active) return;
    const startedAt = Date.now();
    clearTimeout(hideTimer.current);
    return () => {
      // Activity ended (or the component left): keep showing for the rest of the minimum.
      const remaining = minimumMs - (Date.now() - startedAt);
      // Already shown long enough. Also release a hold left by an earlier short burst whose
      // timer the start of this one cleared; otherwise the indicator would stay on for good.
      if (remaining <= 0) {
        setHolding(false);
        return;
      }
      setHolding(true);
      hideTimer.current = setTimeout(() => setHolding(false), remaining);
    };
  }, [active, minimumMs]);
  useEffect(() => () => clearTimeout(hideTimer.current), []);
  return active || holding;
}
