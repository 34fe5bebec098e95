import type { ReactElement } from 'react';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/i18n';
import '@/i18n/screens';
import { adminWithRoles, renderAt, renderRoutes } from '@/test/render';
import { AddPaymentSection } from './add-payment-section';
import { ImportHistory } from './import-history';
import { RatesSection } from './rates-section';
import { getFeedback } from '@/lib/feedback';
import { enterDate, findDateField } from '@/test/date-field';

/**
 * The Transactions screen's forms against a mocked network (issue 12): the spec's validation
 * messages (required, regex, min_value, and min_value_custom between the two coin amounts),
 * the rate preview and its confirm, and the import history.
 */
const fetchMock = vi.fn<typeof fetch>();
type Body = { query: string; variables: Record<string, unknown> };
const bodies = () => fetchMock.mock.calls.map(([, init]) => JSON.parse(String(init?.body)) as Body);
const sent = (name: string) => bodies().filter((b) => b.query.includes(name));

function answer(data: unknown) {
  return new Response(JSON.stringify({ data }), {
    headers: { 'content-type': 'application/json' },
  });
}

beforeEach(async () => {
  vi.stubGlobal('fetch', fetchMock);
  localStorage.clear();
  await i18n.changeLanguage('en');
  fetchMock.mockImplementation(async (_url, init) => {
    const body = JSON.parse(String(init?.body)) as Body;
    // The forms are a write admin's (a read-only one sees them disabled).
    if (body.query.includes('adminUser {')) {
      return answer({ adminUser: adminWithRoles('write') });
    }
    if (body.query.includes('plans {')) {
      return answer({ plans: [{ id: 3, name: 'HEC plan', coinType: 'HEC', price: '100' }] });
    }
    if (body.query.includes('ratesAndBTCAmountAtDeadlineDate(')) {
      return answer({
        ratesAndBTCAmountAtDeadlineDate: {
          confirmedAtFrom: null,
          confirmedAtUntil: '2026-01-31T00:00:00.000Z',
          deadlineDatetime: '2026-02-01T00:00:00.000Z',
          BTCAmountToBuyETH: '0.5',
          BTCAmountToBuyHEC: '1.25',
          BTCHEC: body.variables.BTCHECRate,
          BTCETH: body.variables.BTCETHRate,
          paymentCounts: 7,
          amountETH: '9.000000000000000003',
          amountHEC: '154320.154320987265432097',
        },
      });
    }
    if (body.query.includes('assetUnFixedPayments(')) {
      return answer({
        assetUnFixedPayments: {
          list: [{ userPaymentId: '41', userName: 'alice01', paidBtc: '0.25' }],
          pagination: { totalRecords: 7 },
          confirmedAtFrom: null,
          confirmedAtUntil: '2026-01-31T00:00:00.000Z',
        },
      });
    }
    if (body.query.includes('userNames(')) {
      return answer({ userNames: { list: [{ id: 7, userName: 'alice01' }] } });
    }
    if (body.query.includes('postAddUserPayment(')) {
      return answer({ postAddUserPayment: { userPaymentId: '901', userName: 'alice01' } });
    }
    if (body.query.includes('postAssignRates(')) {
      return answer({
        postAssignRates: {
          message: 'Rates assigned',
          countPayments: 7,
          amountETH: '9.000000000000000003',
          amountHEC: '154320.154320987265432097',
        },
      });
    }
    if (body.query.includes('csvImports(')) {
      return answer({
        csvImports: {
          list: [
            {
              id: '12',
              kind: 'payments',
              contentHash: 'ab'.repeat(32),
              fileName: 'march.csv',
              byteSize: '2048',
              encoding: 'cp932',
              rowCount: 40,
              appliedCount: 40,
              totals: [],
              adminUserName: 'writer01',
              importedAt: '2026-03-01T01:02:03.000Z',
            },
          ],
          pagination: { totalRecords: 1 },
        },
      });
    }
    return answer({});
  });
});
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

const type = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });

/** Renders a write admin's section and waits until their role has enabled its controls. */
async function renderAsWriter(element: ReactElement) {
  renderAt(element, '/common/transactions');
  await waitFor(() => expect(document.querySelector('[data-action-reason]')).toBeNull());
}

describe('AddPaymentSection', () => {
  it('shows the spec messages for missing fields and sends nothing', async () => {
    await renderAsWriter(<AddPaymentSection />);
    fireEvent.click(screen.getByTestId('add-submit'));
    expect(await screen.findByText('Please input User')).toBeInTheDocument();
    expect(screen.getByText('Please input Plan')).toBeInTheDocument();
    expect(screen.getByText('Please input Paid')).toBeInTheDocument();
    expect(sent('postAddUserPayment(')).toHaveLength(0);
  });

  it('says before typing that Paid takes whole dollars, and refuses 250.5 with the same rule', async () => {
    await renderAsWriter(<AddPaymentSection />);
    const hint = 'Whole US dollars, 1 or more (no cents)';
    expect(screen.getByText(hint)).toBeInTheDocument();
    type('add-paidUsd', '250.5');
    type('add-assetHEC', '1');
    fireEvent.click(screen.getByTestId('add-submit'));
    expect(
      await screen.findByText('Paid (USD) takes a whole number of 1 or more (no decimal point).'),
    ).toBeInTheDocument();
    expect(screen.queryByText(hint)).not.toBeInTheDocument();
    expect(sent('postAddUserPayment(')).toHaveLength(0);
  });

  it('states the whole-dollar rule in Japanese too', async () => {
    await i18n.changeLanguage('ja');
    await renderAsWriter(<AddPaymentSection />);
    expect(screen.getByText('米ドルの整数で 1 以上（セントは不可）')).toBeInTheDocument();
    type('add-paidUsd', '250.5');
    fireEvent.click(screen.getByTestId('add-submit'));
    expect(
      await screen.findByText('支払額 (USD)は 1 以上の整数で入力してください（小数点なし）。'),
    ).toBeInTheDocument();
  });

  it('applies min_value_custom: both coin amounts 0 is refused, one of them set passes', async () => {
    await renderAsWriter(<AddPaymentSection />);
    type('add-paidUsd', '0');
    fireEvent.click(screen.getByTestId('add-submit'));
    expect(
      await screen.findByText('Paid (USD) takes a whole number of 1 or more (no decimal point).'),
    ).toBeInTheDocument();
    // Both 0: each names the other's rule minimum.
    expect(
      screen.getByText('The ETH asset field must be 0.000000000000000001 or more'),
    ).toBeInTheDocument();
    expect(
      screen.getByText('The HEC asset field must be 0.000000000000000001 or more'),
    ).toBeInTheDocument();
    // HEC set: ETH may stay 0 (its target is not 0), and HEC passes.
    type('add-assetHEC', '1.5');
    type('add-paidUsd', '1,000');
    fireEvent.click(screen.getByTestId('add-submit'));
    await waitFor(() =>
      expect(screen.queryByText(/The ETH asset field must be/)).not.toBeInTheDocument(),
    );
    expect(screen.queryByText(/The HEC asset field must be/)).not.toBeInTheDocument();
    expect(
      screen.getByText('Paid (USD) takes a whole number of 1 or more (no decimal point).'),
    ).toBeInTheDocument();
    // 19 decimals is a format error, never rounded.
    type('add-assetHEC', '0.0000000000000000001');
    fireEvent.click(screen.getByTestId('add-submit'));
    expect(await screen.findByText('The HEC asset field format is invalid')).toBeInTheDocument();
  });

  // Picks from two menus (user, plan): slower than the other forms on a loaded machine.
  it(
    'reads the confirmation time in the business zone, whatever the browser’s zone',
    { timeout: 40_000 },
    async () => {
      const browserZone = process.env.TZ;
      process.env.TZ = 'America/New_York';
      try {
        await renderAsWriter(<AddPaymentSection />);
        const user = userEvent.setup({ delay: null });
        await user.type(screen.getByRole('combobox', { name: 'User' }), 'ali');
        await user.click(await screen.findByRole('option', { name: 'alice01 (#7)' }));
        await user.click(screen.getByRole('combobox', { name: 'Plan' }));
        await user.click(await screen.findByRole('option', { name: 'HEC plan (HEC)' }));
        type('add-paidUsd', '100');
        type('add-assetHEC', '1.5');
        // The field names the zone it is read in.
        await enterDate('Confirmed at (Asia/Tokyo)', '2026-01-31T09:30');
        fireEvent.click(screen.getByTestId('add-submit'));
        // Nothing is added before the confirmation, which restates it in one sentence.
        expect(await screen.findByTestId('add-confirm-text')).toHaveTextContent(
          'Add a payment of 100.00 USD for HEC plan (HEC) to alice01 (#7) (0 ETH, 1.5 HEC)? This cannot be undone.',
        );
        expect(sent('postAddUserPayment(')).toHaveLength(0);
        fireEvent.click(screen.getByTestId('add-confirm'));
        await waitFor(() => expect(sent('postAddUserPayment(')).toHaveLength(1));
        expect(sent('postAddUserPayment(')[0]!.variables).toMatchObject({
          userId: 7,
          planId: 3,
          confirmedAt: '2026-01-31T00:30:00.000Z',
        });
        // One client key per submitted form (issue 33): a retry of it would send the same key,
        // and once the payment is made the next form has a new one.
        const firstKey = sent('postAddUserPayment(')[0]!.variables.clientKey;
        expect(firstKey).toMatch(/^[0-9a-f]{32}$/);
        // The form is emptied once the payment is made: fill it again.
        await waitFor(() => expect(screen.getByTestId('add-paidUsd')).toHaveValue(''));
        type('add-paidUsd', '101');
        type('add-assetHEC', '1.5');
        fireEvent.click(screen.getByTestId('add-submit'));
        fireEvent.click(await screen.findByTestId('add-confirm'));
        await waitFor(() => expect(sent('postAddUserPayment(')).toHaveLength(2));
        const secondKey = sent('postAddUserPayment(')[1]!.variables.clientKey;
        expect(secondKey).toMatch(/^[0-9a-f]{32}$/);
        expect(secondKey).not.toBe(firstKey);
      } finally {
        if (browserZone === undefined) delete process.env.TZ;
        else process.env.TZ = browserZone;
      }
    },
  );

  it('shows the messages in Japanese', async () => {
    await i18n.changeLanguage('ja');
    await renderAsWriter(<AddPaymentSection />);
    fireEvent.click(screen.getByTestId('add-submit'));
    expect(await screen.findByText('ユーザーを入力してください')).toBeInTheDocument();
    expect(
      screen.getByText('ETH 資産は0.000000000000000001以上で入力してください'),
    ).toBeInTheDocument();
  });
});

describe('RatesSection', () => {
  // The browser's zone is not the business zone (Asia/Tokyo by default): what is typed is the
  // business zone's wall clock all the same (issue 26, "One clock").
  const browserZone = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = 'America/New_York';
  });
  afterAll(() => {
    if (browserZone === undefined) delete process.env.TZ;
    else process.env.TZ = browserZone;
  });

  it('refuses a rate of 0 or over 18 decimals before asking the server', async () => {
    await renderAsWriter(<RatesSection />);
    await enterDate('End (Asia/Tokyo)', '2026-01-31T00:00');
    await enterDate('Deadline (Asia/Tokyo)', '2026-02-01T00:00');
    type('rates-BTCHECRate', '0');
    type('rates-BTCETHRate', '1.0000000000000000001');
    fireEvent.click(screen.getByTestId('rates-preview'));
    expect(await screen.findByText('A rate must be more than 0')).toBeInTheDocument();
    expect(screen.getByText('The BTC/ETH rate field format is invalid')).toBeInTheDocument();
    expect(sent('ratesAndBTCAmountAtDeadlineDate(')).toHaveLength(0);
  });

  it('previews what the assignment will do, then confirms exactly that window and rates', async () => {
    await renderAsWriter(<RatesSection />);
    // Each time field names the zone it is read in.
    for (const name of ['Start', 'End', 'Deadline'])
      expect(await findDateField(`${name} (Asia/Tokyo)`)).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('rates-preview'));
    expect(await screen.findByText('Please input End')).toBeInTheDocument();
    await enterDate('End (Asia/Tokyo)', '2026-01-31T00:00');
    await enterDate('Deadline (Asia/Tokyo)', '2026-02-01T00:00');
    type('rates-BTCHECRate', '123456.123456789012345678');
    type('rates-BTCETHRate', '18.000000000000000006');
    fireEvent.click(screen.getByTestId('rates-preview'));
    const summary = await screen.findByTestId('rates-summary');
    expect(within(summary).getByTestId('rates-payment-count')).toHaveTextContent('7');
    // Compact and marked as rounded, the exact amounts to the last digit on hover and copy.
    const hec = within(summary).getByText('≈154,320.15432099 HEC');
    expect(hec).toHaveAttribute('data-exact', '154,320.154320987265432097');
    expect(within(summary).getByText('≈9 ETH')).toHaveAttribute(
      'data-exact',
      '9.000000000000000003',
    );
    // The payments it fixes: a paged list of the window, sorted like every other list.
    const row = (await within(summary).findByRole('cell', { name: 'alice01' })).closest('tr')!;
    expect(row).toHaveTextContent('41');
    expect(row).toHaveTextContent('0.25');
    const asked = sent('ratesAndBTCAmountAtDeadlineDate(').at(-1)!.variables;
    // The browser alone would have read 00:00 as New York's (05:00Z).
    expect(new Date('2026-01-31T00:00').toISOString()).toBe('2026-01-31T05:00:00.000Z');
    expect(asked).toMatchObject({
      confirmedAtFrom: null,
      confirmedAtUntil: '2026-01-30T15:00:00.000Z',
      deadlineDatetime: '2026-01-31T15:00:00.000Z',
      BTCHECRate: '123456.123456789012345678',
      BTCETHRate: '18.000000000000000006',
    });
    fireEvent.click(within(summary).getByTestId('rates-confirm'));
    // Committing asks first, with N and the BTC totals of the preview; nothing is sent yet.
    expect(await screen.findByTestId('rates-confirm-text')).toHaveTextContent(
      '7 payments will be asset-fixed at the deadline: BTC to buy 1.25 BTC (HEC plans) and 0.5 BTC (ETH plans).',
    );
    expect(sent('postAssignRates(')).toHaveLength(0);
    fireEvent.click(screen.getByTestId('rates-confirm-yes'));
    await waitFor(() => expect(sent('postAssignRates(')).toHaveLength(1));
    expect(sent('postAssignRates(')[0]!.variables).toMatchObject({
      startAt: null,
      endAt: asked.confirmedAtUntil,
      deadline: asked.deadlineDatetime,
      BTCHECRate: '123456.123456789012345678',
      BTCETHRate: '18.000000000000000006',
    });
    await waitFor(() => expect(screen.queryByTestId('rates-summary')).not.toBeInTheDocument());
    // And reports what it did: the count and the coins credited.
    expect(getFeedback().snackbar?.text).toBe(
      'Rates assigned to 7 payments: 154,320.154\u202f320\u202f987\u202f265\u202f432\u202f097 HEC and 9.000\u202f000\u202f000\u202f000\u202f000\u202f003 ETH credited',
    );
  });
});

describe('ImportHistory', () => {
  it('lists who applied which file when', async () => {
    renderAt(<ImportHistory />, '/common/transactions');
    expect(await screen.findByText('march.csv')).toBeInTheDocument();
    expect(screen.getByText('writer01')).toBeInTheDocument();
    expect(sent('csvImports(')[0]!.variables).toMatchObject({ kinds: ['payments', 'rates'] });
  });

  it('is a paged list: its page and sort are in the URL under imports.', async () => {
    renderRoutes(
      [{ path: '/common/transactions', element: <ImportHistory /> }],
      '/common/transactions?imports.page=3&imports.size=50',
    );
    expect(await screen.findByText('march.csv')).toBeInTheDocument();
    expect(sent('csvImports(')[0]!.variables).toMatchObject({
      kinds: ['payments', 'rates'],
      pagination: { limit: 50, offset: 100, sort: { target: 'id', orderBy: 'DESC' } },
    });
  });
});
