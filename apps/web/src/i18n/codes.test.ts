import { beforeAll, describe, expect, it } from 'vitest';
import {
  AUDIT_OPERATIONS,
  AUDIT_TARGET_TYPES,
  ERROR_CODES,
  EXPORT_UNIT_WORDS,
  IMPORT_APPLY_REFUSALS,
  IMPORT_FILE_PROBLEMS,
  IMPORT_NOT_APPLICABLE_REASONS,
  IMPORT_REASON_CODES,
  INPUT_PROBLEM_CODES,
  MAIL_RECIPIENT_REASONS,
  RECORD_KINDS,
  SUPPORTED_LOCALES,
  TRANSLATED_REASONS,
  UPLOAD_MESSAGE_CODES,
  WITHDRAWAL_TIMELINE_OPERATIONS,
} from '@app/shared';
import { i18n, loadLocale } from './index';
import './lists';
import './screens';

// Every code the API can answer with, and where the web app keeps its text.
const CODES: Array<[string, readonly string[], string]> = [
  ['error codes', ERROR_CODES, 'errors'],
  // The reason registry: every refusal with a reason and parameters (extensions.reason).
  ['translated reasons', TRANSLATED_REASONS, 'errors.reasons'],
  // The records a RECORD_NOT_FOUND (or a refused transition) names.
  ['record kinds', RECORD_KINDS, 'errors.records'],
  ['argument problems', INPUT_PROBLEM_CODES, 'errors.input'],
  ['mail recipient reasons', MAIL_RECIPIENT_REASONS, 'errors.mail'],
  ['import and upload reasons', IMPORT_REASON_CODES, 'transactions.reasons'],
  ['transaction upload answers', UPLOAD_MESSAGE_CODES, 'withdrawals.uploadMessages'],
  // Why an import report applies nothing (every import screen words it).
  ['import not-applicable reasons', IMPORT_NOT_APPLICABLE_REASONS, 'imports.notApplicable'],
  // Why an import refused the whole file (empty, not a CSV, columns missing…).
  ['import file problems', IMPORT_FILE_PROBLEMS, 'imports.fileProblems'],
  // Why an import that read the file refused to apply it (applied before, changed meanwhile…).
  ['import apply refusals', IMPORT_APPLY_REFUSALS, 'imports.applyRefusals'],
  // The export columns' units that are words (the download centre's format tables).
  ['export unit words', Object.keys(EXPORT_UNIT_WORDS), 'exports.units'],
  // The audit event registry: the audit log's operation filter and rows, and the timeline.
  ['audit operations', AUDIT_OPERATIONS, 'audit.operations'],
  ['audit target types', AUDIT_TARGET_TYPES, 'audit.targets'],
  ['withdrawal timeline operations', WITHDRAWAL_TIMELINE_OPERATIONS, 'withdrawals.operations'],
  // The inquiry categories (user_contact_categories, migration 0012), shown as chips.
  [
    'inquiry categories',
    ['account', 'payment', 'withdrawal', 'saving', 'referral', 'security', 'other'],
    'support.detail.categoryNames',
  ],
];

beforeAll(async () => {
  await Promise.all(SUPPORTED_LOCALES.map((locale) => loadLocale(locale)));
});

describe('every server code has a text in every language', () => {
  for (const locale of SUPPORTED_LOCALES) {
    for (const [name, codes, prefix] of CODES) {
      it(`${name} in ${locale}`, () => {
        expect(codes.length).toBeGreaterThan(0);
        const missing = codes.filter((code) => {
          const key = `${prefix}.${code}`;
          const text = i18n.getResource(locale, 'translation', key) as unknown;
          return typeof text !== 'string' || text.trim() === '';
        });
        expect(missing, `missing ${locale} texts under ${prefix}`).toEqual([]);
      });
    }
  }
});

// A reason's texts fill in the same parameters in every language (a Japanese text that drops
// {{ids}}, or an English one that names a parameter the API never sends, is caught here).
describe('every reason names the same parameters in every language', () => {
  const placeholders = (text: unknown) =>
    typeof text === 'string' ? [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort() : [];
  for (const reason of TRANSLATED_REASONS) {
    it(reason, () => {
      const [first, ...others] = SUPPORTED_LOCALES.map((locale) =>
        placeholders(i18n.getResource(locale, 'translation', `errors.reasons.${reason}`)),
      );
      for (const other of others) expect(other).toEqual(first);
    });
  }
});
