import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18n, loadLocale } from '@/i18n';
import '@/i18n/lists';
// The import texts live with the screens (every import screen loads them).
import '@/i18n/screens';
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

  it('shows the code’s generic text, never the server’s English, for a refusal it cannot word', async () => {
    await i18n.changeLanguage('ja');
    const t = i18n.t.bind(i18n);
    expect(errorMessage(refusal('Something specific.', {}), t)).toBe('入力内容に誤りがあります。');
    // A reason this build does not know (a newer server) falls back the same way.
    const unknown = refusal('Something new.', { reason: 'SOMETHING_NEW', params: {} });
    expect(errorMessage(unknown, t)).toBe('入力内容に誤りがあります。');
    // An error GraphQL raised with no code of ours (a malformed document) keeps its message.
    const parse = new GraphQLRequestError([{ message: 'Syntax Error: x', extensions: {} }]);
    expect(errorMessage(parse, t)).toBe('Syntax Error: x');
  });
});

describe('errorMessage: a refusal with a registered reason and parameters (issue 26)', () => {
  const answer = (code: string, message: string, extensions: Record<string, unknown>) =>
    new GraphQLRequestError([{ message, extensions: { code, ...extensions } }]);
  const lastSuper = answer('CONFLICT', 'The last super admin cannot be deleted.', {
    reason: 'LAST_SUPER_ADMIN_DELETE',
    params: { adminUserId: 7 },
  });
  const missingUser = answer('NOT_FOUND', 'User 42 was not found.', {
    reason: 'RECORD_NOT_FOUND',
    params: { record: 'user', id: '42' },
  });
  const approvals = answer('CONFLICT', 'Withdrawal requests 5, 6 lack the approvals…', {
    reason: 'APPROVALS_MISSING',
    params: { ids: '5, 6', count: 2 },
  });

  it('words it in Japanese with its parameters, the record by its Japanese name', async () => {
    await i18n.changeLanguage('ja');
    const t = i18n.t.bind(i18n);
    expect(errorMessage(lastSuper, t)).toBe(
      '最後の特権管理者（ID 7）は削除できません。先に別の管理者を特権管理者にしてください。',
    );
    expect(errorMessage(missingUser, t)).toBe('ユーザー（42）が見つかりません。');
    expect(errorMessage(approvals, t)).toContain('（5, 6）');
  });

  it('and in English, in the app’s words rather than the server’s', async () => {
    await i18n.changeLanguage('en');
    const t = i18n.t.bind(i18n);
    expect(errorMessage(lastSuper, t)).toBe(
      'The last super admin (ID 7) cannot be deleted. Make another admin a super admin first.',
    );
    expect(errorMessage(missingUser, t)).toBe('User 42 was not found.');
  });
});

describe('errorMessage: an import that refuses to apply a file it read (issue 26)', () => {
  const conflict = (message: string, extensions: Record<string, unknown>) =>
    new GraphQLRequestError([{ message, extensions: { code: 'CONFLICT', ...extensions } }]);
  const applied = conflict(
    'This file was already imported as #7 on 2026-11-01 00:00:00 UTC by w.',
    {
      reason: 'ALREADY_IMPORTED',
      applyRefusal: 'alreadyImported',
      params: { importId: '7', importedAt: '2026-11-01T00:00:00.000Z', importedBy: '佐藤' },
    },
  );
  const changed = conflict(
    'Some requests changed while the file was applied; nothing was changed.',
    {
      reason: 'CHANGED_DURING_APPLY',
      applyRefusal: 'changedDuringApply',
      params: {},
    },
  );
  const invalid = refusal('2 rows of the file are invalid; nothing was imported.', {
    reason: 'INVALID_ROWS',
    applyRefusal: 'invalidRows',
    params: { rowCount: 3, invalidRowCount: 2, errorCount: 5 },
  });

  it('words it in Japanese, the earlier import’s time in the business time zone', async () => {
    await i18n.changeLanguage('ja');
    const t = i18n.t.bind(i18n);
    expect(errorMessage(applied, t)).toBe(
      'このファイルは #7 として 2026/11/01 09:00:00 JST に 佐藤 が取り込み済みです。同じファイルは二度取り込めません。',
    );
    expect(errorMessage(changed, t)).toMatch(/^取り込み中に一部の申請が変更されました/);
    expect(errorMessage(invalid, t)).toBe(
      '取り込んでいません: 3 行中 2 行に誤りがあります（5 件）。もう一度確認して誤りを表示してください。',
    );
  });

  it('and in English, never the server’s message', async () => {
    await i18n.changeLanguage('en');
    const t = i18n.t.bind(i18n);
    expect(errorMessage(applied, t)).toBe(
      'This file was already imported as #7 on 2026/11/01 09:00:00 JST by 佐藤; it is not imported twice.',
    );
    expect(errorMessage(changed, t)).toMatch(
      /^Some requests changed while the file was being applied/,
    );
    expect(errorMessage(invalid, t)).toBe(
      'Nothing was imported: 2 of 3 rows have errors (5 errors in all). Check the file again to see them.',
    );
    // An earlier import whose admin is gone: said so, not "by null".
    const orphan = conflict('…', {
      applyRefusal: 'alreadyImported',
      params: { importId: '7', importedAt: '2026-11-01T00:00:00.000Z', importedBy: null },
    });
    expect(errorMessage(orphan, t)).toMatch(/ by an unknown admin;/);
  });
});

describe('errorMessage: a rate assignment refused (issue 26)', () => {
  const conflict = (message: string, reason: string) =>
    new GraphQLRequestError([{ message, extensions: { code: 'CONFLICT', reason } }]);
  const running = conflict(
    'Another rate assignment is being committed right now. Reload the preview and try again.',
    'RATE_ASSIGNMENT_RUNNING',
  );
  const nothing = conflict('No unfixed payment was confirmed in this window.', 'NOTHING_TO_FIX');

  it('words another assignment committing and a window with nothing to fix in ja and en', async () => {
    await i18n.changeLanguage('ja');
    let t = i18n.t.bind(i18n);
    expect(errorMessage(running, t)).toBe(
      '別のレート割り当てを確定している最中です。プレビューを更新して、もう一度お試しください。',
    );
    expect(errorMessage(nothing, t)).toMatch(
      /^この期間に確定された支払いで、資産が未確定のものはありません/,
    );
    await i18n.changeLanguage('en');
    t = i18n.t.bind(i18n);
    expect(errorMessage(running, t)).toBe(
      'Another rate assignment is being committed right now. Reload the preview and try again.',
    );
    expect(errorMessage(nothing, t)).toMatch(/^No payment confirmed in this window is left to fix/);
  });
});

describe('errorMessage: every argument the API names has a label (issue 35)', () => {
  it('in ja and en, for each field the API refuses by name', async () => {
    // The names the API passes to its argument checks (apps/api/src/shared/list-input.ts).
    const { readdirSync, readFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const root = join(import.meta.dirname, '../../../api/src');
    const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter(
      (f) => f.endsWith('.ts') && !f.endsWith('.test.ts'),
    );
    const names = new Set<string>();
    for (const file of files) {
      const source = readFileSync(join(root, file), 'utf8');
      for (const m of source.matchAll(
        /\b(?:badInput|calendarDate|notOneOf|notAnId|positiveId)\(\s*'([A-Za-z]+)'/g,
      ))
        names.add(m[1]!);
    }
    expect(names.size).toBeGreaterThan(20);
    for (const language of ['ja', 'en']) {
      await i18n.changeLanguage(language);
      const missing = [...names].filter((name) => !i18n.exists(`fields.${name}`));
      expect(missing, language).toEqual([]);
    }
    await i18n.changeLanguage('ja');
    const t = i18n.t.bind(i18n);
    const date = refusal('dateFrom: must be a date such as "2026-03-01".', {
      field: 'dateFrom',
      problem: 'calendarDate',
    });
    expect(errorMessage(date, t)).toBe('期間（から） は 2026-03-01 のような日付にしてください。');
  });
});
