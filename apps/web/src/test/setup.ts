import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { loadLocale } from '@/i18n';

// The app loads one language before its first render; tests switch freely, so load both.
await Promise.all([loadLocale('ja'), loadLocale('en')]);

afterEach(() => {
  cleanup();
  localStorage.clear();
});
