import { describe, expect, it } from 'vitest';
import { i18n } from '@/i18n';
import { auditSummaryText } from './audit-summary';

describe('auditSummaryText', () => {
  it('reads a before/after JSON summary as translated fields with zoned dates', async () => {
    await i18n.changeLanguage('ja');
    const text = auditSummaryText(
      '{"after":{"twoFactor":false,"tokenExpiresAt":"2026-11-24T10:59:06.895Z"},"before":null}',
      i18n.t,
    );
    expect(text).toMatch(/^2段階認証: いいえ · トークン有効期限: 2026\/11\/24 \d\d:59:06 \S+$/);
    expect(text).not.toContain('{');
  });

  it('shows a changed value as before → after, and leaves plain text alone', async () => {
    await i18n.changeLanguage('en');
    expect(
      auditSummaryText('{"before":{"roles":["read"]},"after":{"roles":["read","write"]}}', i18n.t),
    ).toBe('Roles: read → read, write');
    expect(auditSummaryText('{"custom":1}', i18n.t)).toBe('custom: 1');
    expect(auditSummaryText('not json', i18n.t)).toBe('not json');
  });
});
