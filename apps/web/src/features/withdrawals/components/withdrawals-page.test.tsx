import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/i18n';
import { getFeedback } from '@/lib/feedback';
import { findAmount, queryAmount } from '@/test/amounts';
import { adminWithRoles, renderAt } from '@/test/render';
import { WithdrawalsPage } from './withdrawals-page';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(async () => {
  listRows = ROWS;
  thresholdRows = THRESHOLDS;
  vi.stubGlobal('fetch', fetchMock);
  localStorage.clear();
  await i18n.changeLanguage('en');
});
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

type Body = { query: string; variables: Record<string, unknown> };

const BASE = {
  kind: 'atem',
  createdAt: '2026-11-20T00:00:00.000Z',
  userId: 7,
  email: 'bob@example.com',
  userRegisteredAt: '2025-01-01T00:00:00.000Z',
  aubeUserIdHash: 'aube-7',
  forceClubIdHash: null,
  userSavingSentValueId: null,
  userAffiliateSavingSentValueId: '55',
  userPaymentPaidValueId: null,
  coinTypeName: 'ATEM',
  fee: '1',
  ethAmount: null,
  hecAmount: null,
  metaxEmail: null,
  receiverAddress: '0xreceiver',
  ethReceiverAddress: null,
  transactionHash: null,
  ethTransactionHash: null,
  rejectCode: null,
  rejectReason: null,
  failureReason: null,
  exportBatchId: null,
  requiredApprovals: 1,
  approvals: [],
  context: null,
};
const ROWS = [
  {
    ...BASE,
    id: '101',
    status: 'requested',
    revision: 3,
    requestedAt: '2026-11-20T08:00:00.000Z',
    userName: 'bob07',
    requestedAmount: '1500.25',
    netAmount: '1499.25',
    paidAmounts: [{ coin: 'ATEM', amount: '1500.25', fee: '1', netAmount: '1499.25' }],
    awaitingOver24h: true,
  },
  {
    ...BASE,
    id: '102',
    status: 'requested',
    revision: 1,
    requestedAt: '2026-11-25T08:00:00.000Z',
    userName: 'carol08',
    requestedAmount: '2500',
    netAmount: '2499',
    paidAmounts: [{ coin: 'ATEM', amount: '2500', fee: '1', netAmount: '2499' }],
    requiredApprovals: 2,
    awaitingOver24h: false,
  },
];
const COUNTS = [
  { status: 'requested', count: 42 },
  { status: 'approved', count: 3 },
  { status: 'processing', count: 0 },
  { status: 'completed', count: 10 },
  { status: 'failed', count: 0 },
  { status: 'rejected', count: 1 },
];
const THRESHOLDS = [
  { coinType: 'ATEM', secondApprovalAbove: '2000' },
  { coinType: 'ETH', secondApprovalAbove: '5' },
  { coinType: 'HEC', secondApprovalAbove: '10000' },
];
const ANSWER = {
  changedCount: 2,
  refusedCount: 0,
  results: [
    { id: '101', outcome: 'approved', status: 'approved', reason: null, message: null },
    { id: '102', outcome: 'approved', status: 'approved', reason: null, message: null },
  ],
  requests: [],
};

/** The rows the list query answers (a test may change them, e.g. after an action). */
let listRows: unknown[] = ROWS;
/** The thresholds the thresholds query answers. */
let thresholdRows: unknown[] = THRESHOLDS;

/** Mocks the API: the page's queries, and each mutation's answer (data, or GraphQL errors). */
function api(
  roles: string[],
  mutations: Record<string, { data?: unknown; errors?: unknown[] }> = {},
  totalRecords = 56,
) {
  fetchMock.mockImplementation(async (_url, init) => {
    const body = JSON.parse(String(init?.body)) as Body;
    const q = body.query;
    const mutation = Object.keys(mutations).find((name) => q.includes(`${name}(`));
    const payload = mutation
      ? mutations[mutation]!.errors
        ? { errors: mutations[mutation]!.errors }
        : { data: { [mutation]: mutations[mutation]!.data } }
      : {
          data: q.includes('withdrawalRequests(')
            ? {
                withdrawalRequests: {
                  list: listRows,
                  pagination: { totalRecords },
                  statusCounts: COUNTS,
                },
              }
            : q.includes('withdrawalMatchingPreview(')
              ? { withdrawalMatchingPreview: { count: totalRecords, fingerprint: FINGERPRINT } }
              : q.includes('withdrawalApprovalThresholds')
                ? { withdrawalApprovalThresholds: thresholdRows }
                : q.includes('withdrawalRequestTimeline')
                  ? { withdrawalRequestTimeline: [] }
                  : { adminUser: adminWithRoles(...roles) },
        };
    return new Response(JSON.stringify(payload), {
      headers: { 'content-type': 'application/json' },
    });
  });
}

/** The fingerprint the server answers for the set "all N matching" chose. */
const FINGERPRINT = 'f'.repeat(64);

/** The variables of the last call whose query contains `name(`. */
function sent(name: string): Record<string, unknown> | undefined {
  return fetchMock.mock.calls
    .map(([, init]) => JSON.parse(String(init?.body)) as Body)
    .filter((b) => b.query.includes(`${name}(`))
    .at(-1)?.variables;
}

const render = (path = '/withdrawals/atem') =>
  renderAt(<WithdrawalsPage kind="atem" />, path.split('?')[0]!, []);

// Principal requests (docs/domain.md "What a principal withdrawal pays"): an ETH plan's pays
// 0 HEC and its ETH; one request here pays both coins.
const PRINCIPAL_ROWS = [
  {
    ...ROWS[0],
    kind: 'payment_paid_value',
    coinTypeName: 'HEC',
    requestedAmount: '0',
    fee: '0',
    netAmount: '0',
    ethAmount: { principal: '1', reward: '0.05', fee: '0.01' },
    hecAmount: { principal: '0', reward: '0', fee: '0' },
    paidAmounts: [{ coin: 'ETH', amount: '1.05', fee: '0.01', netAmount: '1.04' }],
  },
  {
    ...ROWS[1],
    kind: 'payment_paid_value',
    coinTypeName: 'HEC',
    requestedAmount: '300',
    fee: '3',
    netAmount: '297',
    ethAmount: { principal: '0.000000000000000001', reward: '0', fee: '0' },
    hecAmount: { principal: '280', reward: '20', fee: '3' },
    paidAmounts: [
      { coin: 'HEC', amount: '300', fee: '3', netAmount: '297' },
      { coin: 'ETH', amount: '0.000000000000000001', fee: '0', netAmount: '0.000000000000000001' },
    ],
  },
];

describe('WithdrawalsPage', () => {
  it('a principal request of an ETH plan reads its ETH (not 0 HEC); the selection and the reject dialog total each coin', async () => {
    listRows = PRINCIPAL_ROWS;
    api(['write']);
    renderAt(<WithdrawalsPage kind="payment_paid_value" />, '/withdrawals/principal', []);
    const bob = (await screen.findByText('bob07')).closest('tr')!;
    // The amount cell says what the request pays: 1.05 ETH, never "0 HEC".
    expect((await findAmount('1.05', bob)).closest('td')).toHaveTextContent('1.05 ETH');
    expect(bob).not.toHaveTextContent(/(^|\D)0 HEC/);
    // A request paying both coins shows both lines.
    const carol = screen.getByText('carol08').closest('tr')!;
    const cell = (await findAmount('300', carol)).closest('td')!;
    expect(cell).toHaveTextContent('300 HEC');
    expect(queryAmount('0.000000000000000001', cell)).not.toBeNull();
    expect(cell).toHaveTextContent('ETH');

    await userEvent.click(
      screen.getByRole('button', { name: 'Select every request on this page' }),
    );
    // The selected total is per coin: the ETH of both requests as ETH, the HEC as HEC.
    const total = screen.getByTestId('selected-total');
    expect(total).toHaveTextContent('Total:');
    expect(queryAmount('300', total)).not.toBeNull();
    expect(queryAmount('1.050000000000000001', total)).not.toBeNull();
    expect(total.textContent!.indexOf('HEC')).toBeLessThan(total.textContent!.indexOf('ETH'));

    await userEvent.click(screen.getByRole('button', { name: 'Reject selected' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Reject 2 request(s).');
    const dialogTotal = within(dialog).getByTestId('selected-total');
    expect(queryAmount('300', dialogTotal)).not.toBeNull();
    expect(queryAmount('1.050000000000000001', dialogTotal)).not.toBeNull();
  });

  it('renders the rows, the status tabs with their counts and the over-24-h highlight', async () => {
    api(['read']);
    render();
    await screen.findByText('bob07');
    expect(screen.getByText('carol08')).toBeInTheDocument();
    expect(sent('withdrawalRequests')).toMatchObject({ kind: 'atem' });
    // "All" is the sum of the tabs; each tab carries its count.
    expect(screen.getByRole('tab', { name: 'All (56)' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: /\(42\)/ })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: /\(10\)/ })).toBeInTheDocument();
    // Only the request awaiting approval for more than 24 h is highlighted.
    const highlights = screen.getAllByTestId('awaiting-24h');
    expect(highlights).toHaveLength(1);
    expect(highlights[0]!.closest('tr')).toHaveTextContent('bob07');
    // The read role sees the thresholds, no selection boxes, and the actions disabled with
    // the reason (issue 35: a hidden action is a disabled one that says why).
    expect(await screen.findByTestId('approval-thresholds')).toHaveTextContent('ATEM');
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Approve selected' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Reject selected' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Select this page' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Change thresholds' })).toBeNull();
  });

  it('approves the selected rows with the revisions shown', async () => {
    api(['write'], { postApproveWithdrawalRequests: { data: ANSWER } });
    render();
    await screen.findByText('bob07');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select request 102' }));
    expect(screen.getByText('1 selected')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Approve selected' }));
    // Nothing is sent before the operator confirms the count and the exact total (issue 35).
    expect(await screen.findByTestId('approve-confirm-text')).toHaveTextContent(
      /^Approve 1 withdrawal request\(s\) paying [\d,.]+ \w+ in total\?$/,
    );
    expect(sent('postApproveWithdrawalRequests')).toBeUndefined();
    await userEvent.click(await screen.findByTestId('approve-confirm'));
    await waitFor(() =>
      expect(sent('postApproveWithdrawalRequests')).toEqual({
        requests: [{ id: '102', revision: 1 }],
      }),
    );
    await waitFor(() => expect(getFeedback().snackbar?.text).toBe('2 request(s) approved.'));
  });

  it('offers "all N matching this filter" after selecting the page, and sends the filter, N and the set’s fingerprint', async () => {
    api(['write'], { postApproveMatchingWithdrawalRequests: { data: ANSWER } });
    render();
    await screen.findByText('bob07');
    expect(screen.queryByTestId('select-all-matching')).toBeNull();
    await userEvent.click(
      screen.getByRole('button', { name: 'Select every request on this page' }),
    );
    const banner = screen.getByTestId('select-all-matching');
    expect(banner).toHaveTextContent('All 2 on this page are selected.');
    await userEvent.click(
      within(banner).getByRole('button', { name: 'Select all 56 matching this filter' }),
    );
    expect(banner).toHaveTextContent('All 56 matching this filter are selected.');
    expect(screen.getByText('56 selected')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Approve selected' }));
    await userEvent.click(await screen.findByTestId('approve-confirm'));
    await waitFor(() =>
      expect(sent('postApproveMatchingWithdrawalRequests')).toEqual({
        kind: 'atem',
        searchParams: {},
        expectedCount: 56,
        fingerprint: FINGERPRINT,
      }),
    );
    // The set was read once, when it was chosen, for exactly the list's filter.
    expect(sent('withdrawalMatchingPreview')).toEqual({ kind: 'atem', searchParams: {} });
    expect(sent('postApproveWithdrawalRequests')).toBeUndefined();
  });

  it('"Clear selection" in the banner goes back to nothing selected', async () => {
    api(['write']);
    render();
    await screen.findByText('bob07');
    await userEvent.click(
      screen.getByRole('button', { name: 'Select every request on this page' }),
    );
    const banner = screen.getByTestId('select-all-matching');
    await userEvent.click(within(banner).getByRole('button', { name: /Select all 56/ }));
    await userEvent.click(within(banner).getByRole('button', { name: 'Clear selection' }));
    expect(screen.queryByTestId('select-all-matching')).toBeNull();
    expect(screen.getByText('0 selected')).toBeInTheDocument();
  });

  it('refuses "all matching" above 5,000 on the screen', async () => {
    api(['write'], {}, 6000);
    render();
    await screen.findByText('bob07');
    await userEvent.click(
      screen.getByRole('button', { name: 'Select every request on this page' }),
    );
    const banner = screen.getByTestId('select-all-matching');
    expect(within(banner).getByRole('button', { name: /Select all 6,000/ })).toBeDisabled();
    expect(banner).toHaveTextContent('At most 5,000 at once');
  });

  it('rejects all matching with the reason code and text', async () => {
    api(['write'], { postRejectMatchingWithdrawalRequests: { data: ANSWER } });
    render();
    await screen.findByText('bob07');
    await userEvent.click(
      screen.getByRole('button', { name: 'Select every request on this page' }),
    );
    await userEvent.click(screen.getByRole('button', { name: /Select all 56/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Reject selected' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Reject 56 request(s).');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Details/ }), 'fraud ring');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() =>
      expect(sent('postRejectMatchingWithdrawalRequests')).toEqual({
        kind: 'atem',
        searchParams: {},
        expectedCount: 56,
        fingerprint: FINGERPRINT,
        reasonCode: 'invalid_address',
        reasonText: 'fraud ring',
      }),
    );
  });

  it('rejects the selected rows by id from the dialog', async () => {
    api(['write'], { postRejectWithdrawalRequests: { data: { ...ANSWER, changedCount: 1 } } });
    render();
    await screen.findByText('bob07');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select request 101' }));
    await userEvent.click(screen.getByRole('button', { name: 'Reject selected' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Details/ }), 'dup');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() =>
      expect(sent('postRejectWithdrawalRequests')).toEqual({
        ids: ['101'],
        reasonCode: 'invalid_address',
        reasonText: 'dup',
      }),
    );
  });

  it('shows a changed list (CONFLICT, LIST_CHANGED) as translated text', async () => {
    api(['write'], {
      postApproveMatchingWithdrawalRequests: {
        errors: [
          {
            message: 'The list changed: 57 requests match this filter now, not 56.',
            extensions: {
              code: 'CONFLICT',
              reason: 'LIST_CHANGED',
              params: { expectedCount: 56, matchingCount: 57 },
            },
          },
        ],
      },
    });
    await i18n.changeLanguage('ja');
    render();
    await screen.findByText('bob07');
    await userEvent.click(screen.getByRole('button', { name: 'このページをすべて選択' }));
    await userEvent.click(screen.getByRole('button', { name: /一致する 56 件をすべて選択/ }));
    await userEvent.click(screen.getByRole('button', { name: '選択を承認' }));
    expect(await screen.findByTestId('approve-confirm-text')).toHaveTextContent(
      '56 件の出金申請を承認します。よろしいですか？',
    );
    await userEvent.click(screen.getByTestId('approve-confirm'));
    await waitFor(() =>
      expect(getFeedback().toast?.text).toContain(
        '確認した後に対象が変わったため（確認時 56 件、現在 57 件。件数だけでなく一件ずつ照合しています）、何も変更していません。',
      ),
    );
  });

  it('reports refused requests with their translated reasons', async () => {
    api(['write'], {
      postApproveWithdrawalRequests: {
        data: {
          changedCount: 1,
          refusedCount: 1,
          results: [
            { id: '101', outcome: 'approved', status: 'approved', reason: null, message: null },
            {
              id: '102',
              outcome: 'refused',
              status: 'requested',
              reason: 'STALE_REVISION',
              message: 'changed',
            },
          ],
          requests: [],
        },
      },
    });
    render();
    await screen.findByText('bob07');
    await userEvent.click(
      screen.getByRole('button', { name: 'Select every request on this page' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Approve selected' }));
    await userEvent.click(await screen.findByTestId('approve-confirm'));
    await waitFor(() =>
      expect(getFeedback().snackbar?.text).toBe(
        '1 request(s) approved. 1 request(s) unchanged: changed since you saw it',
      ),
    );
  });

  it('lets a super admin change a threshold, exactly as typed', async () => {
    api(['super_admin'], {
      postUpdateWithdrawalApprovalThreshold: {
        data: { coinType: 'ATEM', secondApprovalAbove: '1500.5' },
      },
    });
    render();
    await screen.findByText('bob07');
    await userEvent.click(await screen.findByRole('button', { name: 'Change thresholds' }));
    const dialog = await screen.findByRole('dialog');
    const input = within(dialog).getByRole('textbox', { name: /Two approvals above/ });
    await userEvent.clear(input);
    await userEvent.type(input, '0');
    expect(within(dialog).getByText('Must be more than 0.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
    await userEvent.clear(input);
    await userEvent.type(input, '1500.5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(sent('postUpdateWithdrawalApprovalThreshold')).toEqual({
        coinType: 'ATEM',
        secondApprovalAbove: '1500.5',
      }),
    );
  });

  it('after the final approval the open detail shows the answer at once: approved, 1 / 1, no buttons to approve', async () => {
    const approved = {
      ...ROWS[0],
      status: 'approved',
      revision: 4,
      approvals: [
        { adminUserId: 1, adminUserName: 'writer01', approvedAt: '2026-11-26T00:00:00.000Z' },
      ],
    };
    api(['write'], {
      postApproveWithdrawalRequests: {
        data: {
          changedCount: 1,
          refusedCount: 0,
          results: [
            { id: '101', outcome: 'approved', status: 'approved', reason: null, message: null },
          ],
          requests: [approved],
        },
      },
    });
    render();
    await userEvent.click(await screen.findByRole('row', { name: 'Open withdrawal request 101' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('0 / 1');
    // The requested tab's reload no longer has the request: only the answer can say what it is.
    listRows = ROWS.slice(1);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await userEvent.click(await screen.findByTestId('approve-confirm'));
    await waitFor(() => expect(dialog).toHaveTextContent('Approvals 1 / 1'));
    expect(within(dialog).getByText('Approved')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Reject' })).toBeInTheDocument();
    // A list page still cached with the old row is updated from the answer as well.
    await waitFor(() => expect(sent('withdrawalRequests')).toBeDefined());
  });

  it('after a rejection from the detail, the detail comes back showing the rejected request', async () => {
    const rejected = {
      ...ROWS[0],
      status: 'rejected',
      revision: 4,
      rejectCode: 'other',
      rejectReason: 'dup',
    };
    api(['write'], {
      postRejectWithdrawalRequests: {
        data: {
          changedCount: 1,
          refusedCount: 0,
          results: [
            { id: '101', outcome: 'rejected', status: 'rejected', reason: null, message: null },
          ],
          requests: [rejected],
        },
      },
    });
    render();
    await userEvent.click(await screen.findByRole('row', { name: 'Open withdrawal request 101' }));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Reject' }),
    );
    const reject = await screen.findByRole('dialog', { name: 'Reject withdrawal requests' });
    await userEvent.type(within(reject).getByRole('textbox', { name: /Details/ }), 'dup');
    await userEvent.click(within(reject).getByRole('button', { name: 'Reject' }));
    const detail = await screen.findByRole('dialog', { name: /101/ });
    expect(within(detail).getByText('Rejected')).toBeInTheDocument();
    expect(within(detail).queryByRole('button', { name: 'Reject' })).toBeNull();
    expect(within(detail).queryByRole('button', { name: 'Approve' })).toBeNull();
  });

  it('a reject reason of only invisible characters cannot be sent', async () => {
    api(['write'], { postRejectWithdrawalRequests: { data: ANSWER } });
    render();
    await screen.findByText('bob07');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select request 101' }));
    await userEvent.click(screen.getByRole('button', { name: 'Reject selected' }));
    const dialog = await screen.findByRole('dialog');
    const text = within(dialog).getByRole('textbox', { name: /Details/ });
    await userEvent.type(text, '\u200b\u3000\u2060');
    expect(within(dialog).getByRole('button', { name: 'Reject' })).toBeDisabled();
    expect(dialog).toHaveTextContent('Spaces and invisible characters alone do not count as text.');
    await userEvent.type(text, 'x');
    expect(within(dialog).getByRole('button', { name: 'Reject' })).toBeEnabled();
  });

  it('shows a pending raise with who proposed it; the proposer may only withdraw, another super admin confirms', async () => {
    const change = {
      id: '7',
      coinType: 'HEC',
      fromValue: '10000',
      toValue: '50000',
      proposedByAdminUserId: 2,
      proposedByAdminUserName: 'super02',
      proposedAt: '2026-11-26T01:00:00.000Z',
    };
    thresholdRows = THRESHOLDS.map((r) =>
      r.coinType === 'HEC' ? { ...r, pendingChange: change } : { ...r, pendingChange: null },
    );
    api(['super_admin'], {
      postConfirmWithdrawalApprovalThresholdChange: {
        data: { coinType: 'HEC', secondApprovalAbove: '50000', pendingChange: null },
      },
    });
    render();
    const pending = await screen.findByTestId('pending-threshold-HEC');
    expect(pending).toHaveTextContent('Raise of HEC to 50,000 proposed by super02');
    await userEvent.click(within(pending).getByRole('button', { name: 'Confirm and apply' }));
    await waitFor(() =>
      expect(sent('postConfirmWithdrawalApprovalThresholdChange')).toEqual({ id: '7' }),
    );
    await waitFor(() =>
      expect(getFeedback().snackbar?.text).toBe(
        'HEC threshold changed to 50,000 (confirmed by two admins).',
      ),
    );
  });

  it('the proposer sees no confirm button on their own raise', async () => {
    thresholdRows = THRESHOLDS.map((r) =>
      r.coinType === 'ETH'
        ? {
            ...r,
            pendingChange: {
              id: '8',
              coinType: 'ETH',
              fromValue: '5',
              toValue: '9',
              proposedByAdminUserId: 1,
              proposedByAdminUserName: 'super01',
              proposedAt: '2026-11-26T01:00:00.000Z',
            },
          }
        : { ...r, pendingChange: null },
    );
    api(['super_admin']);
    render();
    const pending = await screen.findByTestId('pending-threshold-ETH');
    expect(pending).toHaveTextContent('Your proposal');
    expect(within(pending).queryByRole('button', { name: 'Confirm and apply' })).toBeNull();
    expect(within(pending).getByRole('button', { name: 'Withdraw proposal' })).toBeEnabled();
  });

  it('a raise typed in the dialog says it waits for a second admin, and reports a proposal', async () => {
    api(['super_admin'], {
      postUpdateWithdrawalApprovalThreshold: {
        data: {
          coinType: 'ATEM',
          secondApprovalAbove: '2000',
          pendingChange: {
            id: '9',
            coinType: 'ATEM',
            fromValue: '2000',
            toValue: '3000',
            proposedByAdminUserId: 1,
            proposedByAdminUserName: 'super01',
            proposedAt: '2026-11-26T01:00:00.000Z',
          },
        },
      },
    });
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Change thresholds' }));
    const dialog = await screen.findByRole('dialog');
    const input = within(dialog).getByRole('textbox', { name: /Two approvals above/ });
    await userEvent.clear(input);
    await userEvent.type(input, '3000');
    expect(within(dialog).getByTestId('threshold-raise-hint')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(getFeedback().snackbar?.text).toBe(
        'Proposed raising the ATEM threshold to 3,000; it applies when another super admin confirms it.',
      ),
    );
  });
});
