import { useCallback, useState } from 'react';

function read(storageKey: string): string[] | null {
  try {
    const raw = localStorage.getItem(storageKey);
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    return Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === 'string') : null;
  } catch {
    // Storage disabled or a corrupt value: fall back to the screen's defaults.
    return null;
  }
}

/**
 * Which columns are hidden on one screen, remembered in localStorage under `storageKey`
 * (the hidden ids, so columns added later show up by default).
 */
export function useColumnVisibility(storageKey: string, defaultHidden: readonly string[]) {
  const [hidden, setHidden] = useState<string[]>(() => read(storageKey) ?? [...defaultHidden]);
  const toggle = useCallback(
    (id: string) =>
      setHidden((current) => {
        const next = current.includes(id) ? current.filter((c) => c !== id) : [...current, id];
        try {
          localStorage.setItem(storageKey, JSON.stringify(next));
        } catch {
          // Not remembered, but the choice still applies for this visit.
        }
        return next;
      }),
    [storageKey],
  );
  return { hidden, toggle };
}
