import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUDIT_OPERATIONS } from '@app/shared';
import { i18n } from '@/i18n';
import { renderAt, renderRoutes } from '@/test/render';
import { AuditLogView } from './audit-log-view';
import { enterDate } from '@/test/date-field';

// The audit log's operation filter comes from the audit event registry: every registered
// operation by its label, and the chosen one is sent as the list's exact operation filter.
// The view is the list's descriptor (AUDIT_SHAPE): filters apply on Search, into the URL.

const fetchMock = vi.fn<typeof fetch>();
type Body = { query: string; variables: Record<string, unknown> };

beforeEach(async () => {
  vi.stubGlobal('fetch', fetchMock);
  await i18n.changeLanguage('en');
  fetchMock.mockImplementation(async (_url, init) => {
    const q = (JSON.parse(String(init?.body)) as Body).query;
    const data = q.includes('auditLogs(')
      ? { auditLogs: { list: [], pagination: { limit: 20, offset: 0, totalRecords: 0 } } }
      : { adminUsers: [] };
    return new Response(JSON.stringify({ data }), {
      headers: { 'content-type': 'application/json' },
    });
  });
});
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

const lastAuditVariables = () =>
  fetchMock.mock.calls
    .map(([, init]) => JSON.parse(String(init?.body)) as Body)
    .filter((b) => b.query.includes('auditLogs('))
    .at(-1)?.variables;

describe('AuditLogView', () => {
  it('offers every registered operation by its label and filters by the chosen one', async () => {
    renderAt(<AuditLogView />, '/');
    await waitFor(() => expect(lastAuditVariables()).toBeDefined());
    // A narrow screen shows one field; the others open with More filters.
    fireEvent.click(screen.getByRole('button', { name: /More filters/ }));
    // MUI's select opens on mouse down (fireEvent: the 42 options make userEvent slow).
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Operation' }));
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      i18n.t('list.any'),
      ...AUDIT_OPERATIONS.map((o) => i18n.t(`audit.operations.${o}`)),
    ]);
    expect(options.map((o) => o.textContent)).not.toContain('postAddUserPayment');
    fireEvent.click(options.find((o) => o.textContent === 'Payment added')!);
    fireEvent.click(screen.getByRole('button', { name: i18n.t('list.search') }));
    await waitFor(() =>
      expect(lastAuditVariables()).toMatchObject({ operation: 'postAddUserPayment' }),
    );
    // A whole screen and a menu of every registered event: slower than most unit tests.
  }, 40_000);

  it('sends the chosen days as days of the business time zone (Asia/Tokyo), not UTC days', async () => {
    renderAt(<AuditLogView />, '/');
    await waitFor(() => expect(lastAuditVariables()).toBeDefined());
    fireEvent.click(screen.getByRole('button', { name: /More filters/ }));
    await enterDate(i18n.t('audit.dateFrom'), '2026-03-20');
    await enterDate(i18n.t('audit.dateUntil'), '2026-03-21');
    fireEvent.click(screen.getByRole('button', { name: i18n.t('list.search') }));
    // 2026-03-20 00:00 in Tokyo is 2026-03-19T15:00Z; 2026-03-21 ends at 2026-03-21T14:59:59.999Z.
    await waitFor(() =>
      expect(lastAuditVariables()).toMatchObject({
        dateFrom: '2026-03-19T15:00:00.000Z',
        dateUntil: '2026-03-21T14:59:59.999Z',
      }),
    );
  }, 40_000);

  it('filters by the target type and keeps the page in the URL', async () => {
    const { router } = renderRoutes([{ path: '/', element: <AuditLogView /> }], '/?page=2');
    await waitFor(() => expect(lastAuditVariables()).toMatchObject({ pagination: { offset: 20 } }));
    fireEvent.click(screen.getByRole('button', { name: /More filters/ }));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: i18n.t('audit.targetType') }));
    fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Payment' }));
    fireEvent.click(screen.getByRole('button', { name: i18n.t('list.search') }));
    await waitFor(() =>
      expect(lastAuditVariables()).toMatchObject({
        targetType: 'payment',
        pagination: { offset: 0 },
      }),
    );
    expect(router.state.location.search).toBe('?targetType=payment');
  }, 40_000);
});
