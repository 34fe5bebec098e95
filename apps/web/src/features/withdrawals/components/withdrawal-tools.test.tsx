import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/i18n';
// The withdrawal screens are list screens: their status names load with the lists.
import '@/i18n/lists';
import { getFeedback, resetFeedback } from '@/lib/feedback';
import { adminWithRoles, renderAt } from '@/test/render';
import { WithdrawalTools } from './withdrawal-tools';

// The upload travels by XMLHttpRequest; its answer (the `data` the mock gives) is what this
// test is about.
const uploadMock = vi.fn<() => Promise<unknown>>();

/** The browser's XMLHttpRequest as far as lib/upload.ts uses it, answering `uploadMock`. */
class AnsweringXhr {
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  status = 0;
  responseText = '';
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  open() {}
  setRequestHeader() {}
  send() {
    void uploadMock().then((data) => {
      this.status = 200;
      this.responseText = JSON.stringify({ data });
      this.onload?.();
    });
  }
}

const fetchMock = vi.fn<typeof fetch>();

beforeEach(async () => {
  resetFeedback();
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('XMLHttpRequest', AnsweringXhr);
  fetchMock.mockImplementation(
    async () =>
      new Response(JSON.stringify({ data: { adminUser: adminWithRoles('write') } }), {
        headers: { 'content-type': 'application/json' },
      }),
  );
  await i18n.changeLanguage('ja');
});
afterEach(async () => {
  fetchMock.mockReset();
  uploadMock.mockReset();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

/** An upload answer as the API gives it: English `message`, the code and its parameters. */
const answer = (
  messageCode: string,
  params: Record<string, number>,
  isSuccess: boolean,
  count = 0,
  counts: {
    invalidRowCount?: number;
    notApplicableReason?: string | null;
  } = {},
) => ({
  postWithdrawalTransactionsByCSV: {
    message: 'tx-bad.csv: 7 row(s) read, 2 invalid; nothing was changed (dry run).',
    messageCode,
    messageParams: JSON.stringify(params),
    countTransactions: count,
    isSuccess,
    report: {
      rowCount: params.rowCount ?? 0,
      invalidRowCount: counts.invalidRowCount ?? params.invalidRowCount ?? 0,
      errorCount: params.errorCount ?? 0,
      applicableRowCount: counts.notApplicableReason ? 0 : (params.rowCount ?? 0),
      notApplicableReason: counts.notApplicableReason ?? null,
      errors: [],
    },
  },
});

async function chooseFile(name: string) {
  renderAt(<WithdrawalTools kind="atem" searchParams={{}} />, '/withdrawals/atem');
  const input = await screen.findByTestId('transactions-upload');
  await userEvent.upload(input, new File(['id,transactionHash\n'], name, { type: 'text/csv' }));
}

describe('transaction upload answers', () => {
  it('words a checked file in the admin’s language from its code, never the English message', async () => {
    uploadMock.mockResolvedValue(
      answer('checked', { rowCount: 7, invalidRowCount: 0, errorCount: 0 }, true, 7),
    );
    await chooseFile('tx-ok.csv');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'tx-ok.csv: 7 行中 0 行に誤り（0 件）。まだ何も変更していません（確認のみ）。',
    );
    expect(alert).not.toHaveTextContent('row(s)');
    expect(screen.getByTestId('transactions-upload-apply')).toBeEnabled();
  });

  it('words each refused row from its reason code, the request status included', async () => {
    const refused = answer(
      'checked',
      { rowCount: 3, invalidRowCount: 2, errorCount: 2 },
      false,
      0,
      {
        notApplicableReason: 'someRowsInvalid',
      },
    );
    refused.postWithdrawalTransactionsByCSV.report.errors = [
      {
        line: 2,
        column: 'id',
        code: 'request_not_processing',
        params: JSON.stringify({ status: 'rejected' }),
        message: 'The request is rejected; only a processing request can be completed.',
      },
      {
        line: 3,
        column: 'transactionHash',
        code: 'hash_used',
        params: JSON.stringify({ requestId: '42' }),
        message: 'This hash is already used by withdrawal request 42.',
      },
    ] as never;
    uploadMock.mockResolvedValue(refused);
    await chooseFile('tx-bad.csv');
    const rows = await screen.findByTestId('upload-errors');
    expect(rows).toHaveTextContent('2 · id: この申請は「却下」のため完了にできません');
    expect(rows).toHaveTextContent('このハッシュは出金申請 42 ですでに使われています');
    expect(rows).not.toHaveTextContent('The request is');
  });

  // Issue 26: an applied file sent again showed "6 row(s) read, 0 invalid" in red, no reason.
  it('says why a file applied before cannot be applied again, on the report and the button', async () => {
    uploadMock.mockResolvedValue(
      answer('alreadyImported', { rowCount: 6 }, false, 0, {
        notApplicableReason: 'alreadyImported',
      }),
    );
    await chooseFile('tx.csv');
    await screen.findByRole('alert');
    expect(screen.getByTestId('transactions-upload-counts')).toHaveTextContent(
      '6 行を読み込みました',
    );
    const reason =
      '取り込めません: この内容のファイルは取込済みです。同じ内容は二度取り込めません。';
    expect(screen.getByTestId('transactions-upload-reason')).toHaveTextContent(reason);
    const apply = screen.getByTestId('transactions-upload-apply');
    expect(apply).toBeDisabled();
    expect(apply.closest('[data-action-reason]')).toHaveAttribute('data-action-reason', reason);
  });

  it('counts rows and errors apart when every row is already applied, and says so', async () => {
    uploadMock.mockResolvedValue(
      answer('checked', { rowCount: 6, invalidRowCount: 6, errorCount: 7 }, false, 0, {
        notApplicableReason: 'allRowsAlreadyApplied',
      }),
    );
    await chooseFile('tx-again.csv');
    await screen.findByRole('alert');
    expect(screen.getByTestId('transactions-upload-counts')).toHaveTextContent(
      '6 行中 6 行に誤り（7 件）',
    );
    const reason = '取り込めません: すべての行が取込済みか、対象が取り込める状態ではありません。';
    expect(screen.getByTestId('transactions-upload-reason')).toHaveTextContent(reason);
    expect(
      screen.getByTestId('transactions-upload-apply').closest('[data-action-reason]'),
    ).toHaveAttribute('data-action-reason', reason);
  });

  it('reports the completed requests in the admin’s language', async () => {
    uploadMock
      .mockResolvedValueOnce(
        answer('checked', { rowCount: 6, invalidRowCount: 0, errorCount: 0 }, true, 6),
      )
      .mockResolvedValueOnce(answer('completed', { count: 6 }, true, 6));
    await chooseFile('tx.csv');
    await screen.findByRole('alert');
    await userEvent.click(
      screen.getAllByRole('button', { name: 'トランザクションCSVを取込' }).at(-1)!,
    );
    await waitFor(() =>
      expect(getFeedback().snackbar?.text).toBe('6 件の出金申請を完了にしました。'),
    );
  });
});
