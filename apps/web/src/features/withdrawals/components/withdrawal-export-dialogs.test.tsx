import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/i18n';
import { getFeedback } from '@/lib/feedback';
import { adminWithRoles, renderRoutes } from '@/test/render';
import { WithdrawalTools } from './withdrawal-tools';
import { WithdrawalsPage } from './withdrawals-page';

// The signing export from the screen (issue 24): it sends the list's own filters, confirms
// the server's count and totals per coin for exactly them, sends that count with a key, and
// the export history downloads a batch again.

const fetchMock = vi.fn<typeof fetch>();

beforeEach(async () => {
  vi.stubGlobal('fetch', fetchMock);
  localStorage.clear();
  await i18n.changeLanguage('en');
});
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

type Body = { query: string; variables: Record<string, unknown> };

const PREVIEW = {
  count: 3,
  fingerprint: 'a'.repeat(64),
  totals: [
    { coin: 'ATEM', transfers: 2, amount: '1234.500000000000000000' },
    { coin: 'ETH', transfers: 1, amount: '0.000000000000000001' },
  ],
  underApprovedIds: [] as string[],
};

const BATCH = {
  id: '12',
  layout: 'v1',
  adminUserName: 'writer01',
  createdAt: '2026-11-20T00:00:00.000Z',
  requestCount: 3,
  fileSha256: 'ab'.repeat(32),
  totals: PREVIEW.totals,
  files: [
    { layout: 'v1', fileName: 'x_batch12_20261120T0900.csv', fileSha256: 'ab'.repeat(32) },
    { layout: 'v2', fileName: 'x2_batch12_20261120T0900.csv', fileSha256: 'cd'.repeat(32) },
  ],
};

function api(preview = PREVIEW) {
  fetchMock.mockImplementation(async (_url, init) => {
    const q = (JSON.parse(String(init?.body)) as Body).query;
    const data = q.includes('withdrawalSigningExportPreview(')
      ? { withdrawalSigningExportPreview: preview }
      : q.includes('postWithdrawalSigningExport(')
        ? {
            postWithdrawalSigningExport: {
              url: '/downloads/x.csv?link=t',
              fileName: 'affiliateSavingAtemWithdrawalRequestsCsv_batch12_20261120T0900.csv',
              batch: { id: '12', requestCount: 3, fileSha256: 'ab'.repeat(32) },
            },
          }
        : q.includes('withdrawalExportBatches(')
          ? { withdrawalExportBatches: { list: [BATCH], pagination: { totalRecords: 1 } } }
          : q.includes('withdrawalExportBatchCsv(')
            ? {
                withdrawalExportBatchCsv: {
                  url: '/downloads/x2.csv?link=t',
                  fileName: BATCH.files[1]!.fileName,
                },
              }
            : q.includes('withdrawalRequests(')
              ? {
                  withdrawalRequests: {
                    list: [],
                    pagination: { totalRecords: 0 },
                    statusCounts: [],
                  },
                }
              : q.includes('withdrawalApprovalThresholds')
                ? { withdrawalApprovalThresholds: [] }
                : { adminUser: adminWithRoles('write') };
    return new Response(JSON.stringify({ data }), {
      headers: { 'content-type': 'application/json' },
    });
  });
}

function sent(name: string): Record<string, unknown> | undefined {
  return fetchMock.mock.calls
    .map(([, init]) => JSON.parse(String(init?.body)) as Body)
    .filter((b) => b.query.includes(`${name}(`))
    .at(-1)?.variables;
}

const render = (search: string) =>
  renderRoutes(
    [
      {
        path: '/withdrawals/atem',
        element: (
          <WithdrawalsPage
            kind="atem"
            tools={(searchParams) => <WithdrawalTools kind="atem" searchParams={searchParams} />}
          />
        ),
      },
    ],
    `/withdrawals/atem${search}`,
  );

describe('signing export from the screen', () => {
  it('confirms the server’s count and totals for the list’s filters, then sends them with that count', async () => {
    api();
    // An anchor click would navigate jsdom; the download itself is the browser test's.
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const user = userEvent.setup();
    render('?requestedFrom=2026-10-01&userName=bob07');
    await user.click(await screen.findByRole('button', { name: 'Export CSV' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('Approved requests to export: 3');
    const filters = {
      userName: 'bob07',
      requestedAtFrom: '2026-09-30T15:00:00.000Z', // 2026-10-01 in Asia/Tokyo
    };
    expect(sent('withdrawalSigningExportPreview')).toMatchObject({
      kind: 'atem',
      searchParams: filters,
    });
    // Totals per coin, what the operator confirms: every digit, grouped in threes after the
    // point (issue 35), plain on copy.
    expect(within(dialog).getByTestId('export-total-ATEM')).toHaveTextContent('1,234.5 ATEM');
    expect(within(dialog).getByTestId('export-total-ETH')).toHaveTextContent(
      '0.000\u202f000\u202f000\u202f000\u202f000\u202f001 ETH',
      { normalizeWhitespace: false },
    );
    expect(
      within(dialog).getByTestId('export-total-ETH').querySelector('[data-exact]'),
    ).toHaveAttribute('data-exact', '0.000000000000000001');
    await user.click(within(dialog).getByRole('button', { name: 'Export 3 request(s)' }));
    await waitFor(() => expect(sent('postWithdrawalSigningExport')).toBeDefined());
    const variables = sent('postWithdrawalSigningExport')!;
    expect(variables).toMatchObject({
      kind: 'atem',
      layout: 'v1',
      expectedCount: 3,
      // The set the dialog showed: its fingerprint decides, the count is for people.
      fingerprint: PREVIEW.fingerprint,
      searchParams: filters,
    });
    expect(variables.clientKey).toMatch(/^[0-9a-f]{32}$/);
    await waitFor(() =>
      expect(getFeedback().snackbar?.text).toBe(
        'Exported 3 request(s) to affiliateSavingAtemWithdrawalRequestsCsv_batch12_20261120T0900.csv.',
      ),
    );
    expect(click).toHaveBeenCalled();
    click.mockRestore();
  });

  it('does not export when a request lacks its approvals, or nothing matches', async () => {
    api({ ...PREVIEW, underApprovedIds: ['7', '9'] });
    const user = userEvent.setup();
    render('');
    await user.click(await screen.findByRole('button', { name: 'Export CSV (V2)' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText(/lack approvals after a threshold change.*7, 9/);
    expect(within(dialog).getByRole('button', { name: 'Export 3 request(s)' })).toBeDisabled();
    expect(
      within(dialog).getByText('No filter (every approved request of this kind)'),
    ).toBeTruthy();
  });

  it('lists the batches and downloads one again in the layout asked for, in Japanese', async () => {
    await i18n.changeLanguage('ja');
    api();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const user = userEvent.setup();
    render('');
    await user.click(await screen.findByRole('button', { name: 'エクスポート履歴' }));
    const dialog = await screen.findByRole('dialog');
    const again = await within(dialog).findByRole('button', {
      name: 'バッチ 12 を V2 で再ダウンロード',
    });
    const row = again.closest('tr')!;
    expect(row).toHaveTextContent('writer01');
    expect(row).toHaveTextContent('1,234.5 ATEM');
    await user.click(again);
    await waitFor(() =>
      expect(sent('withdrawalExportBatchCsv')).toEqual({ batchId: '12', layout: 'v2' }),
    );
    await waitFor(() =>
      expect(getFeedback().snackbar?.text).toBe(
        `${BATCH.files[1]!.fileName} をダウンロードしました。`,
      ),
    );
    // No English in the Japanese dialog (beyond names, coins, layouts, hashes and the zone).
    const text = (dialog.textContent ?? '')
      .replace(/writer01|ATEM|ETH|V1|V2|SHA-256|[0-9a-f]{12}…|UTC|JST|Asia\/Tokyo/g, '')
      .replace(/[0-9,./:…() -]/g, '');
    expect(text).not.toMatch(/[A-Za-z]/);
    click.mockRestore();
  });
});
