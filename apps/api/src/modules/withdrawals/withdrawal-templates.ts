import type { FastifyInstance } from 'fastify';
import { WITHDRAWAL_KINDS, type Locale, type WithdrawalKind } from '@app/shared';
import type { ImportColumns } from '../../platform/imports';
import { csvLine, UTF8_BOM } from '../../platform/csv';
import { registerCsvTemplate } from '../../platform/imports/template-route';
import type { AuthenticatedAdmin } from '../../shared/authenticated-admin';

/**
 * The columns of a kind's transaction CSV upload: `id,transactionHash`, principal withdrawals
 * `id,hecTransactionHash,ethTransactionHash`. The upload and its template are written from
 * this one list. A principal withdrawal's two hash cells may be empty: which ones it needs
 * (the transfers it makes) the upload checks against the request.
 */
export function transactionColumns(kind: WithdrawalKind): ImportColumns<string> {
  return kind === 'payment_paid_value'
    ? {
        id: { type: 'id', aliases: ['requestId', 'ID'] },
        hecTransactionHash: { type: 'hash', aliases: ['hecHash'], optional: true },
        ethTransactionHash: { type: 'hash', aliases: ['ethHash'], optional: true },
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

/** Principal withdrawals: which of the two hash cells a row fills. */
const PRINCIPAL_NOTES: Record<Locale, string[]> = {
  en: [
    '# hecTransactionHash / ethTransactionHash: the hash of each transfer the request makes (its HEC and ETH rows of the signing file); leave the cell of a coin it sends nothing in empty (an ETH plan: no HEC hash).',
  ],
  ja: [
    '# hecTransactionHash / ethTransactionHash: 申請が行う送金（署名用ファイルの HEC 行・ETH 行）ごとのハッシュ。送金額が 0 の通貨の欄は空のままにしてください（ETH プランなら HEC のハッシュは不要）。',
  ],
};

const EXAMPLE_HASH = `0x${'0123456789abcdef'.repeat(4)}`;

/**
 * A kind's transaction template (UTF-8 with BOM for Excel): the header, one example row and
 * comment lines that say what each column takes (every import skips them).
 */
function withdrawalTransactionsTemplate(kind: WithdrawalKind, locale: Locale): string {
  const keys = Object.keys(transactionColumns(kind));
  return (
    UTF8_BOM +
    csvLine(keys) +
    csvLine(keys.map((key) => (key === 'id' ? '123' : EXAMPLE_HASH))) +
    [...NOTES[locale], ...(kind === 'payment_paid_value' ? PRINCIPAL_NOTES[locale] : [])]
      .map((note) => csvLine([note]))
      .join('')
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
