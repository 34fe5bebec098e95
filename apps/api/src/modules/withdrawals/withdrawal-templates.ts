import type { FastifyInstance } from 'fastify';
import { WITHDRAWAL_KINDS, type Locale, type WithdrawalKind } from '@app/shared';
import type { ImportColumns } from '../../platform/imports';
import { csvLine, UTF8_BOM } from '../../platform/csv';
import { registerCsvTemplate } from '../../platform/imports/template-route';
import type { AuthenticatedAdmin } from '../../shared/authenticated-admin';

/**
 * The columns of a kind's transaction CSV upload: `id,transactionHash`, principal withdrawals
 * `id,hecTransactionHash,ethTransactionHash`. The upload and its template are written from
 * this one list.
 */
export function transactionColumns(kind: WithdrawalKind): ImportColumns<string> {
  return kind === 'payment_paid_value'
    ? {
        id: { type: 'id', aliases: ['requestId', 'ID'] },
        hecTransactionHash: { type: 'hash', aliases: ['hecHash'] },
        ethTransactionHash: { type: 'hash', aliases: ['ethHash'] },
      }
    : {
        id: { type: 'id', aliases: ['requestId', 'ID'] },
        transactionHash: { type: 'hash', aliases: ['hash', 'txHash'] },
      };
}

/** GET, any signed-in admin: `?kind=<WithdrawalKind>&lang=ja|en` (docs/api.md). */
export const WITHDRAWAL_TEMPLATE_PATH = '/templates/withdrawal-transactions.csv';

const NOTES: Record<Locale, string[]> = {
  en: [
    '# Lines starting with # are skipped. Replace the example row above with your transfers.',
    '# id: the request id (the list’s ID column) of a request in Processing (exported for signing).',
    '# A transaction hash: 64 hexadecimal digits, with or without 0x; each hash once, for one request.',
  ],
  ja: [
    '# 「#」で始まる行は取り込まれません。上の例の行を実際の送金に置き換えてください。',
    '# id: 処理中（署名用に出力済み）の申請の ID（一覧の ID 列）。',
    '# トランザクションハッシュ: 16 進数 64 桁（0x は付けても付けなくても可）。1 つのハッシュは 1 件の申請にだけ使えます。',
  ],
};

const EXAMPLE_HASH = `0x${'0123456789abcdef'.repeat(4)}`;

/**
 * A kind's transaction template (UTF-8 with BOM for Excel): the header, one example row and
 * comment lines that say what each column takes (every import skips them).
 */
export function withdrawalTransactionsTemplate(kind: WithdrawalKind, locale: Locale): string {
  const keys = Object.keys(transactionColumns(kind));
  return (
    UTF8_BOM +
    csvLine(keys) +
    csvLine(keys.map((key) => (key === 'id' ? '123' : EXAMPLE_HASH))) +
    NOTES[locale].map((note) => csvLine([note])).join('')
  );
}

export function registerWithdrawalTemplates(
  app: FastifyInstance,
  auth: { authenticate: (token: string | undefined) => Promise<AuthenticatedAdmin | null> },
): void {
  registerCsvTemplate(
    app,
    auth,
    WITHDRAWAL_TEMPLATE_PATH,
    'withdrawal-transactions-template.csv',
    ({ locale, query }) => {
      const kind = WITHDRAWAL_KINDS.find((k) => k === query.kind);
      return kind ? withdrawalTransactionsTemplate(kind, locale) : null;
    },
  );
}
