import type { Locale } from './constants';
import { IMPORT_REASON_TEXTS_EN, type TranslatedImportReason } from './import-reasons-en';
import { IMPORT_REASON_TEXTS_JA } from './import-reasons-ja';

/** The reasons' texts by language, for the API's check report (the web app takes its own). */
export const IMPORT_REASON_TEXTS: Record<Locale, Record<TranslatedImportReason, string>> = {
  en: IMPORT_REASON_TEXTS_EN,
  ja: IMPORT_REASON_TEXTS_JA,
};

/**
 * The words of the check report file that are not the file's own columns: the header of the
 * line, of the resolved names, of the outcome and its reasons, and the outcomes themselves.
 */
export const IMPORT_REPORT_TEXTS = {
  en: {
    line: 'line',
    userName: 'user name',
    planName: 'plan name',
    result: 'result',
    reasons: 'reasons',
    reasonCodes: 'reason codes',
    ok: 'OK',
    error: 'error',
    notFound: '(no such record)',
    statuses: {
      requested: 'requested',
      approved: 'approved',
      processing: 'processing',
      completed: 'completed',
      failed: 'failed',
      rejected: 'rejected',
    },
  },
  ja: {
    line: '行',
    userName: 'ユーザー名',
    planName: 'プラン名',
    result: '結果',
    reasons: '理由',
    reasonCodes: '理由コード',
    ok: 'OK',
    error: 'エラー',
    notFound: '（該当なし）',
    // The withdrawal statuses a reason names (request_not_processing's {{status}}), as the
    // screens word them.
    statuses: {
      requested: '申請中',
      approved: '承認済み',
      processing: '処理中',
      completed: '完了',
      failed: '失敗',
      rejected: '却下',
    },
  },
} as const satisfies Record<Locale, Record<string, string | Record<string, string>>>;

/** `text` with its `{{name}}` placeholders filled from `params` (the i18next syntax). */
export function fillPlaceholders(text: string, params: Record<string, string | number>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}
