import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { loadLocale } from '@/i18n';

// findBy*/waitFor give up after 1 s by default, which a loaded CI machine can exceed while a
// lazy route chunk loads; the wait ends as soon as the element appears, so a long limit is free.
configure({ asyncUtilTimeout: 10_000 });

// The app loads one language before its first render; tests switch freely, so load both.
await Promise.all([loadLocale('ja'), loadLocale('en')]);

afterEach(() => {
  cleanup();
  localStorage.clear();
});
