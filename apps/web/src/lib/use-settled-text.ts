import { useEffect, useState } from 'react';

/**
 * What a search field holds once typing pauses (`ms`, 250 by default), trimmed: the text a
 * user search asks the server for, so a search is not sent for every keystroke.
 */
export function useSettledText(input: string, ms = 250): string {
  const [settled, setSettled] = useState(() => input.trim());
  useEffect(() => {
    const timer = setTimeout(() => setSettled(input.trim()), ms);
    return () => clearTimeout(timer);
  }, [input, ms]);
  return settled;
}
