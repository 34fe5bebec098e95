import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, loadLocale } from '@/i18n';
import '@/i18n/screens';
import {
  addPaymentSentence,
  approveSentence,
  importSentence,
  replySentence,
  signOutEverywhereSentence,
} from './confirm-sentence';

// Issue 35: each confirmation is one sentence built from its parameters, in both languages
// (the payments import read "2 行、2 件の支払いを取り込めます 件を変更します: 支払額合計 (USD):
// 112.5 / …。元に戻せません。"), and the amounts an operator decides on are exact.
beforeAll(async () => {
  await Promise.all([loadLocale('ja'), loadLocale('en')]);
});

const inBoth = (make: (t: typeof i18n.t) => string) => ({
  ja: make(i18n.getFixedT('ja')),
  en: make(i18n.getFixedT('en')),
});

describe('confirmation sentences', () => {
  it('the payments import: rows, payments and the exact totals in one sentence', () => {
    const report = {
      rows: 2,
      count: 2,
      totals: [
        { name: 'paidUsd', value: '112.50' },
        { name: 'assetHEC', value: '12122.810216282999999999' },
      ],
    };
    expect(inBoth((t) => importSentence(t, 'payments', report))).toEqual({
      ja: 'ファイルの 2 行から 2 件の支払い（支払額合計 (USD) 112.50、HEC 合計 12,122.810\u202f216\u202f282\u202f999\u202f999\u202f999）を取り込みます。元に戻せません。',
      en: 'Import 2 payment(s) (Paid total (USD) 112.50, HEC total 12,122.810\u202f216\u202f282\u202f999\u202f999\u202f999) from the 2 row(s) of the file? This cannot be undone.',
    });
  });

  it('the rates import, with and without totals', () => {
    expect(
      inBoth((t) =>
        importSentence(t, 'rates', {
          rows: 1,
          count: 30,
          totals: [{ name: 'amountHEC', value: '40167.327629791234' }],
        }),
      ),
    ).toEqual({
      ja: 'ファイルの 1 行のレートを 30 件の支払い（付与される HEC 40,167.327\u202f629\u202f791\u202f234）に割り当てます。元に戻せません。',
      en: 'Assign the rates of the 1 row(s) of the file to 30 payment(s) (HEC to credit 40,167.327\u202f629\u202f791\u202f234)? This cannot be undone.',
    });
    expect(inBoth((t) => importSentence(t, 'rates', { rows: 1, count: 3, totals: [] })).ja).toBe(
      'ファイルの 1 行のレートを 3 件の支払いに割り当てます。元に戻せません。',
    );
  });

  it('approving withdrawals: the count and each coin’s exact total, grouped', () => {
    const totals = [
      { coin: 'HEC', amount: '40167.32762979123456789' },
      { coin: 'ETH', amount: '1.050000000000000001' },
    ];
    expect(inBoth((t) => approveSentence(t, 3, totals))).toEqual({
      ja: '3 件の出金申請（合計 40,167.327\u202f629\u202f791\u202f234\u202f567\u202f89 HEC、1.050\u202f000\u202f000\u202f000\u202f000\u202f001 ETH）を承認します。よろしいですか？',
      en: 'Approve 3 withdrawal request(s) paying 40,167.327\u202f629\u202f791\u202f234\u202f567\u202f89 HEC, 1.050\u202f000\u202f000\u202f000\u202f000\u202f001 ETH in total?',
    });
    expect(inBoth((t) => approveSentence(t, 120, [])).en).toBe(
      'Approve 120 withdrawal request(s)?',
    );
  });

  it('adding a payment, sending a reply, signing out everywhere', () => {
    expect(
      inBoth((t) =>
        addPaymentSentence(t, {
          user: 'alice01',
          plan: 'Gold HEC',
          paidUsd: '1500',
          assetETH: '0',
          assetHEC: '1234.5',
        }),
      ),
    ).toEqual({
      ja: 'alice01 さんに Gold HEC の支払い 1,500.00 USD（0 ETH、1,234.5 HEC）を追加します。元に戻せません。',
      en: 'Add a payment of 1,500.00 USD for Gold HEC to alice01 (0 ETH, 1,234.5 HEC)? This cannot be undone.',
    });
    expect(inBoth((t) => replySentence(t, 'bob07'))).toEqual({
      ja: 'この返信を bob07 さんにメールで送ります。送ったメールは取り消せません。',
      en: 'Send this reply by mail to bob07? A sent mail cannot be taken back.',
    });
    expect(inBoth((t) => signOutEverywhereSentence(t, 2))).toEqual({
      ja: 'このブラウザを含む 2 件のセッションをすべて終了します。もう一度サインインが必要です。',
      en: 'End all 2 session(s), this browser included? You will have to sign in again.',
    });
  });
});
