import { PAID_USD_MIN, paidUsdProblem, type Locale } from '@app/shared';
import { csvLine, UTF8_BOM } from '../../platform/csv';
import type { ImportColumns } from '../../platform/imports';
import type { PaymentStageKey, RateStageKey } from './payments-write-repository';

/**
 * The two CSV layouts of issue 12. Columns are named exactly like the arguments of
 * postAddUserPayment and postAssignRates; the Japanese names an operator's Excel sheet is
 * likely to carry are accepted too. The templates are written from these same lists.
 */
export const PAYMENT_COLUMNS: ImportColumns<PaymentStageKey> = {
  userId: { type: 'id', aliases: ['ユーザーID', 'user id'] },
  planId: { type: 'id', aliases: ['プランID', 'plan id'] },
  paidUsd: {
    type: 'decimal',
    domain: 'usd_amount',
    aliases: ['支払額(USD)', '支払額USD', '支払額'],
    // Whole dollars, at least 1: the form's and the API's rule (one definition).
    rule: (text) =>
      paidUsdProblem(text) ? { code: 'whole_dollars', params: { min: PAID_USD_MIN } } : null,
  },
  assetETH: {
    type: 'decimal',
    domain: 'coin_amount',
    aliases: ['ETH資産', '資産ETH', 'asset ETH'],
  },
  assetHEC: {
    type: 'decimal',
    domain: 'coin_amount',
    aliases: ['HEC資産', '資産HEC', 'asset HEC'],
  },
  confirmedAt: {
    type: 'date',
    aliases: ['確定日時', '承認日時', 'confirmed at'],
    optional: true,
    omittable: true,
  },
};

export const RATE_COLUMNS: ImportColumns<RateStageKey> = {
  startAt: { type: 'date', aliases: ['開始日時', 'start at'], optional: true, omittable: true },
  endAt: { type: 'date', aliases: ['終了日時', 'end at'] },
  deadline: { type: 'date', aliases: ['締切日時', '締め日時', '基準日時'] },
  BTCHECRate: {
    type: 'decimal',
    domain: 'rate_value',
    positive: true,
    aliases: ['BTC/HECレート', 'BTCHECレート', 'BTC HEC rate'],
  },
  BTCETHRate: {
    type: 'decimal',
    domain: 'rate_value',
    positive: true,
    aliases: ['BTC/ETHレート', 'BTCETHレート', 'BTC ETH rate'],
  },
};

const TEMPLATE_NOTES = {
  en: {
    skipped:
      '# Lines starting with # are skipped. Replace the example row above with your payments.',
    plans: '# planId: the plans and their ids',
    plan: (p: TemplatePlan) => `# planId ${p.id} = ${p.name} (${p.coinType}, ${p.priceUsd} USD)`,
  },
  ja: {
    skipped: '# 「#」で始まる行は取り込まれません。上の例の行を実際の支払いに置き換えてください。',
    plans: '# planId: プランとその ID',
    plan: (p: TemplatePlan) => `# planId ${p.id} = ${p.name}（${p.coinType}、${p.priceUsd} USD）`,
  },
} as const;

type TemplatePlan = { id: number; name: string; coinType: string; priceUsd: string };

/**
 * The payments template (UTF-8 with BOM for Excel): the header, one example row, then comment
 * lines naming every plan's id (the import skips a line whose first cell starts with `#` and
 * whose other cells are empty: docs/decisions/csv-imports.md, "Comment lines"), so a filled-in
 * template imports as it is.
 */
export function paymentsTemplate(plans: readonly TemplatePlan[], locale: Locale): string {
  const notes = TEMPLATE_NOTES[locale];
  const example = plans[0]?.id ?? 1;
  return (
    UTF8_BOM +
    csvLine(Object.keys(PAYMENT_COLUMNS)) +
    `1,${example},1000,0,1234.5,2026-01-31T10:00:00+09:00\r\n` +
    [notes.skipped, notes.plans, ...plans.map((p) => notes.plan(p))]
      .map((note) => csvLine([note]))
      .join('')
  );
}
export const RATES_TEMPLATE =
  '\uFEFFstartAt,endAt,deadline,BTCHECRate,BTCETHRate\r\n2026-01-01T00:00:00+09:00,2026-01-31T23:59:59+09:00,2026-02-01T00:00:00+09:00,250000,20\r\n';
