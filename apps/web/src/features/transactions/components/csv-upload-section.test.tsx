import type { ReactElement } from 'react';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/i18n';
import '@/i18n/screens';
import { getFeedback } from '@/lib/feedback';
import { adminWithRoles, renderAt } from '@/test/render';
import { CsvUploadSection } from './csv-upload-section';

/**
 * The CSV upload (issue 12) against a mocked network: the upload goes by XMLHttpRequest (a
 * fake here that the test answers), the server's progress by fetch (csvImportProgress).
 */
type Sent = { operations: { query: string; variables: Record<string, unknown> }; file: File };

class FakeXhr {
  static last: FakeXhr | null = null;
  upload: {
    onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;
  } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  status = 0;
  responseText = '';
  sent: Sent | null = null;
  open() {}
  setRequestHeader() {}
  send(form: FormData) {
    this.sent = {
      operations: JSON.parse(String(form.get('operations'))) as Sent['operations'],
      file: form.get('0') as File,
    };
    FakeXhr.last = this;
  }
  /** The browser's upload events, then (later) the server's answer. */
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }
  /**
   * The upload's answer is its run (the server answers at once, issue 36); what the run ends
   * with (a report, or the refusal in `errors`) is what csvImportRun then answers.
   */
  answer(data: unknown, errors?: Array<{ message: string; extensions: object }>) {
    const [field, result] = Object.entries(data as Record<string, { report: unknown }>)[0]!;
    const report = result?.report as { dryRun: boolean } | undefined;
    serverRun = errors
      ? {
          outcome: 'refused',
          report: null,
          refusal: {
            message: errors[0]!.message,
            extensions: JSON.stringify(errors[0]!.extensions),
          },
        }
      : { outcome: report?.dryRun ? 'checked' : 'applied', report, refusal: null };
    this.status = 200;
    this.responseText = JSON.stringify({ data: { [field]: { runId: '1' } } });
    this.onload?.();
  }
}

const fetchMock = vi.fn<typeof fetch>();
let serverProgress: unknown = null;
let serverRun: unknown = null;

beforeEach(async () => {
  FakeXhr.last = null;
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  vi.stubGlobal('fetch', fetchMock);
  await i18n.changeLanguage('en');
  fetchMock.mockImplementation(async (_url, init) => {
    const body = JSON.parse(String(init?.body)) as { query: string };
    // The uploads are a write admin's (a read-only one sees them disabled).
    const data = body.query.includes('adminUser {')
      ? { adminUser: adminWithRoles('write') }
      : body.query.includes('csvImportProgress(')
        ? { csvImportProgress: serverProgress }
        : body.query.includes('csvImportRun(')
          ? { csvImportRun: serverRun }
          : body.query.includes('plans')
            ? { plans: [{ id: 3, name: 'Gold HEC', coinType: 'HEC', price: '1000' }] }
            : {};
    return new Response(JSON.stringify({ data }), {
      headers: { 'content-type': 'application/json' },
    });
  });
});
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

/** A payments report of 3 rows; the counts and reason as the server derives them. */
function report(errors: Array<Record<string, unknown>>, rowCount = 3) {
  const invalidRowCount = new Set(errors.map((e) => e.line)).size;
  const notApplicableReason =
    invalidRowCount === 0
      ? null
      : invalidRowCount < rowCount
        ? 'someRowsInvalid'
        : 'allRowsInvalid';
  return {
    postAddUserPaymentsByCSV: {
      message: '',
      countPayments: 2,
      report: {
        dryRun: true,
        fileName: 'pay.csv',
        contentHash: 'ab',
        encoding: 'cp932',
        rowCount,
        count: 2,
        invalidRowCount,
        errorCount: errors.length,
        applicableRowCount: notApplicableReason === null ? rowCount : 0,
        notApplicableReason: notApplicableReason as string | null,
        totals: [{ name: 'paidUsd', value: '200' }],
        errors,
        rows: [
          {
            line: 2,
            values: [
              { name: 'userId', value: '7' },
              { name: 'userName', value: 'alice01' },
              { name: 'planId', value: '3' },
              { name: 'planName', value: 'Gold HEC' },
              { name: 'paidUsd', value: '100' },
            ],
          },
          {
            line: 3,
            values: [
              { name: 'userId', value: '999' },
              { name: 'userName', value: null },
              { name: 'planId', value: '3' },
              { name: 'planName', value: 'Gold HEC' },
              { name: 'paidUsd', value: '100' },
            ],
          },
        ],
        alreadyImported: null,
        imported: null,
      },
    },
  };
}

/** Renders a write admin's section and waits until their role has enabled its controls. */
async function renderAsWriter(element: ReactElement) {
  renderAt(element, '/common/transactions');
  await waitFor(() => expect(document.querySelector('[data-action-reason]')).toBeNull());
}

describe('CsvUploadSection', () => {
  it("follows the server's progress, then lists every bad row with a translated reason", async () => {
    await renderAsWriter(<CsvUploadSection kind="payments" />);
    const file = new File(['userId,planId\r\n'], 'pay.csv', { type: 'text/csv' });
    fireEvent.change(screen.getByTestId('csv-payments-file'), { target: { files: [file] } });
    fireEvent.click(screen.getByTestId('csv-payments-check'));
    await waitFor(() => expect(FakeXhr.last).not.toBeNull());
    const xhr = FakeXhr.last!;
    const key = xhr.sent!.operations.variables.progressKey as string;
    expect(xhr.sent!.operations.variables).toMatchObject({ dryRun: true });
    expect(key).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(xhr.sent!.file.name).toBe('pay.csv');

    act(() => xhr.progress(50, 100));
    expect(screen.getByRole('progressbar', { name: 'Uploading' })).toHaveAttribute(
      'aria-valuenow',
      '50',
    );
    // Bytes all up: the bar follows the server, polled with the upload's key.
    serverProgress = { phase: 'parsing', rowsRead: 5000, bytesRead: 30, byteSize: 120 };
    act(() => xhr.progress(100, 100));
    const parsing = await screen.findByRole('progressbar', { name: 'Reading the file: 5000 rows' });
    expect(parsing).toHaveAttribute('aria-valuenow', '25');
    const polled = fetchMock.mock.calls
      .map(([, init]) => JSON.parse(String(init?.body)) as { query: string; variables: object })
      .filter((b) => b.query.includes('csvImportProgress('));
    expect(polled[0]!.variables).toEqual({ key });
    serverProgress = { phase: 'checking', rowsRead: 20000, bytesRead: 120, byteSize: 120 };
    expect(
      await screen.findByRole(
        'progressbar',
        { name: 'Checking the rows against the data' },
        { timeout: 3000 },
      ),
    ).toBeInTheDocument();

    act(() =>
      xhr.answer(
        report([
          { line: 3, column: 'paidUsd', code: 'decimal_grouping', params: '{}', message: 'x' },
          {
            line: 4,
            column: 'assetHEC',
            code: 'decimal_scale',
            params: '{"max":18}',
            message: 'y',
          },
        ]),
      ),
    );
    const result = await screen.findByTestId('csv-payments-report');
    expect(within(result).getByTestId('csv-payments-counts')).toHaveTextContent(
      'Rows with errors: 2 of 3 (2 errors in all)',
    );
    const table = within(result).getByRole('table', { name: 'Errors in the file' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['3', 'paidUsd', 'Write the number without thousands separators such as 1,000'],
      ['4', 'assetHEC', 'At most 18 decimal places (never rounded)'],
    ]);
    expect(within(result).getByTestId('csv-payments-apply')).toBeDisabled();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('offers to apply a clean file, and applies it with a fresh key', async () => {
    await renderAsWriter(<CsvUploadSection kind="payments" />);
    const file = new File(['x'], 'ok.csv', { type: 'text/csv' });
    fireEvent.change(screen.getByTestId('csv-payments-file'), { target: { files: [file] } });
    fireEvent.click(screen.getByTestId('csv-payments-check'));
    await waitFor(() => expect(FakeXhr.last).not.toBeNull());
    const first = FakeXhr.last!;
    act(() => first.answer(report([])));
    const apply = await screen.findByTestId('csv-payments-apply');
    expect(screen.getByText('3 rows: 2 payments can be imported')).toBeInTheDocument();
    // What the ids mean, row by row, before anything is applied.
    const preview = screen.getByTestId('csv-payments-preview');
    const shown = within(preview)
      .getAllByRole('row')
      .slice(1)
      .map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      );
    expect(shown).toEqual([
      ['2', '7', 'alice01', '3', 'Gold HEC', '100'],
      ['3', '999', '(no such record)', '3', 'Gold HEC', '100'],
    ]);
    // The plans with their ids, for the planId column.
    const plans = await screen.findByTestId('csv-payments-plans');
    expect(within(plans).getByText('Gold HEC')).toBeInTheDocument();
    FakeXhr.last = null;
    fireEvent.click(apply);
    // Applying asks first, with the count and the totals of the check.
    expect(await screen.findByTestId('csv-payments-confirm-text')).toHaveTextContent(
      'Import 2 payment(s) (Paid total (USD) 200.00) from the 3 row(s) of the file? This cannot be undone.',
    );
    expect(FakeXhr.last).toBeNull();
    fireEvent.click(screen.getByTestId('csv-payments-confirm'));
    await waitFor(() => expect(FakeXhr.last).not.toBeNull());
    expect(FakeXhr.last!.sent!.operations.variables).toMatchObject({ dryRun: false });
    expect(FakeXhr.last!.sent!.operations.variables.progressKey).not.toBe(
      first.sent!.operations.variables.progressKey,
    );
  });

  it("saves the check's report of every row under the server's name, asked in the admin's language", async () => {
    await i18n.changeLanguage('ja');
    const json = fetchMock.getMockImplementation()!;
    const csv = '\uFEFF行,userId\r\n2,7\r\n';
    fetchMock.mockImplementation(async (url, init) =>
      String(url).startsWith('/import-reports/')
        ? new Response(csv, {
            headers: {
              'content-type': 'text/csv; charset=utf-8',
              'content-disposition':
                'attachment; filename="payments-check-report_20261127T1230.csv"',
            },
          })
        : json(url, init),
    );
    const saved: Array<{ name: string; blob: Blob }> = [];
    vi.stubGlobal('URL', {
      ...URL,
      createObjectURL: (blob: Blob) => {
        saved.push({ name: '', blob });
        return 'blob:report';
      },
      revokeObjectURL: () => {},
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved[saved.length - 1]!.name = this.download;
    });
    await renderAsWriter(<CsvUploadSection kind="payments" />);
    const file = new File(['x'], 'ok.csv', { type: 'text/csv' });
    fireEvent.change(screen.getByTestId('csv-payments-file'), { target: { files: [file] } });
    expect(screen.queryByTestId('csv-payments-check-report')).not.toBeInTheDocument();
    fireEvent.click(screen.getByTestId('csv-payments-check'));
    await waitFor(() => expect(FakeXhr.last).not.toBeNull());
    act(() => FakeXhr.last!.answer(report([])));
    const button = await screen.findByTestId('csv-payments-check-report');
    expect(button).toHaveTextContent('全 3 行の確認結果をダウンロード（CSV）');
    fireEvent.click(button);
    await waitFor(() => expect(click).toHaveBeenCalled());
    const call = fetchMock.mock.calls.find(([url]) => String(url).startsWith('/import-reports/'))!;
    expect(call[0]).toBe('/import-reports/payments/ab?lang=ja');
    expect(saved).toHaveLength(1);
    expect(saved[0]!.name).toBe('payments-check-report_20261127T1230.csv');
    // The bytes as sent, BOM included (Excel reads UTF-8 by it).
    expect(Array.from(new Uint8Array(await saved[0]!.blob.arrayBuffer()))).toEqual(
      Array.from(new TextEncoder().encode(csv)),
    );
    click.mockRestore();
  });

  it('offers no check report for a file already imported, nor for rates', async () => {
    await renderAsWriter(<CsvUploadSection kind="payments" />);
    const file = new File(['x'], 'ok.csv', { type: 'text/csv' });
    fireEvent.change(screen.getByTestId('csv-payments-file'), { target: { files: [file] } });
    fireEvent.click(screen.getByTestId('csv-payments-check'));
    await waitFor(() => expect(FakeXhr.last).not.toBeNull());
    const answer = report([]);
    const known = {
      postAddUserPaymentsByCSV: {
        ...answer.postAddUserPaymentsByCSV,
        report: {
          ...answer.postAddUserPaymentsByCSV.report,
          alreadyImported: { id: '5', importedAt: '2026-11-01T00:00:00Z', adminUserName: 'w' },
          applicableRowCount: 0,
          notApplicableReason: 'alreadyImported',
        },
      },
    };
    act(() => FakeXhr.last!.answer(known));
    await screen.findByTestId('csv-payments-report');
    expect(screen.queryByTestId('csv-payments-check-report')).not.toBeInTheDocument();
    // Why it cannot be applied, on the report and on the disabled apply button.
    expect(screen.getByTestId('csv-payments-reason')).toHaveTextContent(
      'Nothing can be imported: a file with this content was already imported',
    );
    expect(screen.getByTestId('csv-payments-apply')).toBeDisabled();

    cleanup();
    FakeXhr.last = null;
    await renderAsWriter(<CsvUploadSection kind="rates" />);
    fireEvent.change(screen.getByTestId('csv-rates-file'), { target: { files: [file] } });
    fireEvent.click(screen.getByTestId('csv-rates-check'));
    await waitFor(() => expect(FakeXhr.last).not.toBeNull());
    act(() => FakeXhr.last!.answer({ postAssignRatesByCSV: answer.postAddUserPaymentsByCSV }));
    await screen.findByTestId('csv-rates-report');
    expect(screen.queryByTestId('csv-rates-check-report')).not.toBeInTheDocument();
  });

  // Issue 26: "3 行中 5 行に誤りがあります" counted errors as rows, and a disabled
  // "1 件を取り込む" gave no reason when every row was wrong.
  it('counts rows and errors apart and says why nothing applies when every row is wrong', async () => {
    await i18n.changeLanguage('ja');
    await renderAsWriter(<CsvUploadSection kind="payments" />);
    const file = new File(['x'], 'bad.csv', { type: 'text/csv' });
    fireEvent.change(screen.getByTestId('csv-payments-file'), { target: { files: [file] } });
    fireEvent.click(screen.getByTestId('csv-payments-check'));
    await waitFor(() => expect(FakeXhr.last).not.toBeNull());
    const error = (line: number, column: string) => ({
      line,
      column,
      code: 'required',
      params: '{}',
      message: 'x',
    });
    const answer = report([
      error(2, 'userId'),
      error(2, 'planId'),
      error(3, 'paidUsd'),
      error(4, 'userId'),
      error(4, 'confirmedAt'),
    ]);
    act(() => FakeXhr.last!.answer(answer));
    const result = await screen.findByTestId('csv-payments-report');
    expect(within(result).getByTestId('csv-payments-counts')).toHaveTextContent(
      '3 行中 3 行に誤り（5 件）',
    );
    const reason = '取り込めません: すべての行に誤りがあります。';
    expect(within(result).getByTestId('csv-payments-reason')).toHaveTextContent(reason);
    const apply = within(result).getByTestId('csv-payments-apply');
    expect(apply).toBeDisabled();
    expect(apply).toHaveTextContent('取り込む');
    expect(apply).not.toHaveTextContent('件を取り込む');
    expect(apply.closest('[data-action-reason]')).toHaveAttribute('data-action-reason', reason);
  });

  // Issue 36: the apply runs as a job; its refusal comes with the run, worded like a call's.
  it("shows the job's refusal of an apply in the admin's language", async () => {
    await i18n.changeLanguage('ja');
    await renderAsWriter(<CsvUploadSection kind="payments" />);
    const file = new File(['x'], 'ok.csv', { type: 'text/csv' });
    fireEvent.change(screen.getByTestId('csv-payments-file'), { target: { files: [file] } });
    fireEvent.click(screen.getByTestId('csv-payments-check'));
    await waitFor(() => expect(FakeXhr.last).not.toBeNull());
    act(() => FakeXhr.last!.answer(report([])));
    FakeXhr.last = null;
    fireEvent.click(await screen.findByTestId('csv-payments-apply'));
    fireEvent.click(await screen.findByTestId('csv-payments-confirm'));
    await waitFor(() => expect(FakeXhr.last).not.toBeNull());
    expect(FakeXhr.last!.sent!.operations.query).toContain('background: true');
    const params = { importId: '12', importedAt: '2026-11-27T03:00:00.000Z', importedBy: 'Writer' };
    act(() =>
      FakeXhr.last!.answer({ postAddUserPaymentsByCSV: { report: null } }, [
        {
          message: 'This file was already imported as #12.',
          extensions: {
            code: 'CONFLICT',
            reason: 'ALREADY_IMPORTED',
            applyRefusal: 'alreadyImported',
            params,
          },
        },
      ]),
    );
    expect(
      await screen.findByText(/このファイルは #12 として .* に Writer が取り込み済みです。/),
    ).toBeInTheDocument();
  });

  it('keeps the run of an upload while it runs, and after a reload follows it to its result', async () => {
    sessionStorage.clear();
    await renderAsWriter(<CsvUploadSection kind="payments" />);
    const file = new File(['x'], 'ok.csv', { type: 'text/csv' });
    fireEvent.change(screen.getByTestId('csv-payments-file'), { target: { files: [file] } });
    fireEvent.click(screen.getByTestId('csv-payments-check'));
    await waitFor(() => expect(FakeXhr.last).not.toBeNull());
    // The run is not over yet: the tab keeps which run it follows.
    const applied = report([]).postAddUserPaymentsByCSV.report;
    act(() => FakeXhr.last!.answer(report([])));
    serverRun = { outcome: null, report: null, refusal: null };
    await waitFor(() =>
      expect(JSON.parse(sessionStorage.getItem('csv-run:payments') ?? 'null')).toMatchObject({
        runId: '1',
        dryRun: true,
        fileName: 'ok.csv',
      }),
    );
    // When it ends, the tab forgets it.
    serverRun = { outcome: 'checked', report: applied, refusal: null };
    await waitFor(() => expect(sessionStorage.getItem('csv-run:payments')).toBeNull());
    cleanup();

    // "Reloaded" (a new mount): an apply of this tab still running is followed, not lost.
    sessionStorage.setItem(
      'csv-run:payments',
      JSON.stringify({
        runId: '7',
        dryRun: false,
        progressKey: 'k'.repeat(16),
        fileName: 'big.csv',
      }),
    );
    serverRun = { outcome: null, report: null, refusal: null };
    await renderAsWriter(<CsvUploadSection kind="payments" />);
    expect(await screen.findByTestId('csv-payments-resumed')).toHaveTextContent('big.csv');
    serverRun = {
      outcome: 'applied',
      report: { ...applied, dryRun: false, imported: { id: '3', appliedCount: 2 } },
      refusal: null,
    };
    await waitFor(() => expect(getFeedback().snackbar?.text).toMatch(/2 payment/), {
      timeout: 3000,
    });
    expect(screen.queryByTestId('csv-payments-resumed')).toBeNull();
    const asked = fetchMock.mock.calls
      .map(([, init]) => JSON.parse(String(init?.body)) as { query: string; variables: object })
      .filter((b) => b.query.includes('csvImportRun('));
    expect(asked.at(-1)!.variables).toEqual({ id: '7' });
    await waitFor(() => expect(sessionStorage.getItem('csv-run:payments')).toBeNull());
  });
});
