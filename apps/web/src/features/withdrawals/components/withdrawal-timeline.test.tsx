import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { WITHDRAWAL_TIMELINE_OPERATIONS } from '@app/shared';
import { i18n } from '@/i18n';
import '@/i18n/screens';
import { renderAt } from '@/test/render';
import { WithdrawalTimeline, type TimelineStep } from './withdrawal-timeline';

const NONE = {
  adminUserName: null,
  fromStatus: null,
  toStatus: null,
  approvals: null,
  requiredApprovals: null,
  rejectCode: null,
  rejectReason: null,
  failureReason: null,
  transactionHash: null,
  ethTransactionHash: null,
  exportBatchId: null,
} satisfies Partial<TimelineStep>;

const STEPS: TimelineStep[] = [
  { ...NONE, at: '2026-11-20T01:00:00.000Z', operation: 'requested', toStatus: 'requested' },
  {
    ...NONE,
    at: '2026-11-20T02:00:00.000Z',
    operation: 'postApproveWithdrawalRequests',
    adminUserName: 'super01',
    fromStatus: 'requested',
    toStatus: 'requested',
    approvals: 1,
    requiredApprovals: 2,
  },
  {
    ...NONE,
    at: '2026-11-20T03:00:00.000Z',
    operation: 'withdrawalExport',
    adminUserName: 'writer01',
    fromStatus: 'approved',
    toStatus: 'processing',
    exportBatchId: '12',
  },
  {
    ...NONE,
    at: '2026-11-20T04:00:00.000Z',
    operation: 'postRejectWithdrawalRequests',
    adminUserName: 'writer01',
    fromStatus: 'processing',
    toStatus: 'rejected',
    rejectCode: 'suspected_fraud',
    rejectReason: 'KYC mismatch',
  },
];

function steps(): string[] {
  return within(screen.getByTestId('withdrawal-timeline'))
    .getAllByRole('listitem')
    .map((item) => item.textContent ?? '');
}

describe('the withdrawal timeline', () => {
  it("renders each typed step in the admin's language: operation, status, its facts, who", async () => {
    await i18n.changeLanguage('en');
    const view = renderAt(<WithdrawalTimeline steps={STEPS} />, '/');
    const en = steps();
    expect(en[0]).toMatch(/^Requested → Requested\d{4}/);
    expect(en[1]).toMatch(/^Approved → Requested \(1 \/ 2\).* · super01$/);
    expect(en[2]).toMatch(/^Exported for signing → Processing \(export batch 12\).* · writer01$/);
    expect(en[3]).toMatch(/^Rejected → Rejected \(Suspected fraud: KYC mismatch\).* · writer01$/);

    await i18n.changeLanguage('ja');
    view.unmount();
    renderAt(<WithdrawalTimeline steps={STEPS} />, '/');
    const ja = steps();
    expect(ja[2]).toContain('(エクスポートバッチ 12)');
    expect(ja[3]).toContain('不正の疑い: KYC mismatch');
    // No English left in the Japanese timeline but the admin's own text and names.
    expect(ja.join(' ')).not.toMatch(/export batch|Suspected|Approved|Requested/);
  });

  it('names the hashes a request was completed with, an ETH plan’s ETH hash alone too', async () => {
    await i18n.changeLanguage('en');
    const completed = (
      transactionHash: string | null,
      ethTransactionHash: string | null,
    ): TimelineStep => ({
      ...NONE,
      at: '2026-11-20T05:00:00.000Z',
      operation: 'withdrawalTransactionsUpload',
      adminUserName: 'writer01',
      fromStatus: 'processing',
      toStatus: 'completed',
      transactionHash,
      ethTransactionHash,
    });
    renderAt(
      <WithdrawalTimeline
        steps={[completed('0xhec', '0xeth'), completed('0xhec', null), completed(null, '0xeth')]}
      />,
      '/',
    );
    const [both, hec, eth] = steps();
    expect(both).toContain('(0xhec / 0xeth)');
    expect(hec).toContain('(0xhec)');
    expect(eth).toContain('(0xeth)');
  });

  it('has a label for every operation the API can answer, in both languages', async () => {
    for (const locale of ['ja', 'en']) {
      await i18n.changeLanguage(locale);
      for (const operation of WITHDRAWAL_TIMELINE_OPERATIONS) {
        const key = `withdrawals.operations.${operation}`;
        expect(i18n.exists(key), `${locale} ${key}`).toBe(true);
      }
    }
  });
});
