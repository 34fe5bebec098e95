import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18n, loadLocale } from '@/i18n';
import '@/i18n/lists';
import { errorMessage } from './error-message';
import { GraphQLRequestError } from './graphql-client';

const refusal = (message: string, extensions: Record<string, unknown>) =>
  new GraphQLRequestError([{ message, extensions: { code: 'BAD_USER_INPUT', ...extensions } }]);

beforeAll(async () => {
  await Promise.all([loadLocale('ja'), loadLocale('en')]);
});
afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('errorMessage: a wrong argument', () => {
  it('words the problem in the admin’s language with the field’s label, not `field: message`', async () => {
    await i18n.changeLanguage('ja');
    const t = i18n.t.bind(i18n);
    const backwards = refusal('userId: must not be later than email.', {
      field: 'userId',
      problem: 'notAfter',
      params: { other: 'email' },
    });
    expect(errorMessage(backwards, t)).toBe('ユーザーID は メールアドレス より後にできません。');
    const tooMany = refusal('searchParams: more than 5000 requests match; narrow the filter.', {
      field: 'searchParams',
      problem: 'tooManyMatching',
      params: { max: 5000 },
    });
    expect(errorMessage(tooMany, t)).toBe(
      '条件に一致する申請が 5000 件を超えています。条件を絞り込んでください。',
    );
    const oneOf = refusal('status: must be one of open, closed.', {
      field: 'status',
      problem: 'oneOf',
      params: { values: 'open, closed' },
    });
    expect(errorMessage(oneOf, t)).not.toMatch(/must be/);
  });

  it('in English too', async () => {
    await i18n.changeLanguage('en');
    const t = i18n.t.bind(i18n);
    const missing = refusal('userId: is required.', { field: 'userId', problem: 'required' });
    expect(errorMessage(missing, t)).toBe(`${i18n.t('fields.userId')} is required.`);
  });

  it('keeps the server’s message for a refusal without a problem code', async () => {
    await i18n.changeLanguage('ja');
    const t = i18n.t.bind(i18n);
    expect(errorMessage(refusal('Something specific.', {}), t)).toBe('Something specific.');
  });
});
