import { beforeAll, describe, expect, it } from 'vitest';
import { WITHDRAWAL_KINDS } from '@app/shared';
import { i18n, loadLocale } from '@/i18n';
import '@/i18n/lists';
import '@/i18n/screens';
import { withdrawalColumns } from './withdrawal-columns';

const selection = { isSelected: () => false, toggle: () => {} };

beforeAll(async () => {
  await Promise.all([loadLocale('ja'), loadLocale('en')]);
});

describe('withdrawal columns', () => {
  for (const locale of ['ja', 'en'] as const) {
    it(`every header and chooser label is a translated text, never a field name (${locale})`, async () => {
      await i18n.changeLanguage(locale);
      const t = i18n.getFixedT(locale);
      for (const kind of WITHDRAWAL_KINDS) {
        for (const column of withdrawalColumns(kind, t, selection)) {
          if (column.id === 'select') continue;
          expect(column.label, `${kind}.${column.id}`).not.toBe(column.id);
          expect(column.label, `${kind}.${column.id}`).not.toMatch(/^fields\./);
          // Never an identifier such as metaxEmail or createdAt (product names like ForceClub
          // stand among other words).
          expect(column.label, `${kind}.${column.id}`).not.toMatch(/^[a-z]+(?:[A-Z][a-z]*)+$/);
        }
      }
    });
  }
});
