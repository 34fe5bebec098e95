import { describe, expect, it } from 'vitest';
import { checkReportCsv } from './check-report';
import type { CheckReport, CheckReportRow } from './imports-repository';

const report: CheckReport = {
  id: '1',
  kind: 'withdrawal-transactions',
  contentHash: 'x',
  fileName: 'tx.csv',
  adminUserId: 1,
  columns: ['id', 'transactionHash'],
  resolved: ['userName'],
  rowCount: 1,
  errorCount: 1,
  createdAt: new Date('2026-11-27T00:00:00.000Z'),
};

async function text(rows: CheckReportRow[], locale: 'ja' | 'en'): Promise<string> {
  async function* pages() {
    yield rows;
  }
  let out = '';
  for await (const chunk of checkReportCsv(report, pages(), { locale, timeZone: 'Asia/Tokyo' }))
    out += chunk.toString('utf8');
  return out;
}

describe('the check report file (issue 26, one language)', () => {
  const rows: CheckReportRow[] = [
    {
      line: 2,
      cells: ['7', '0xabc', 'alice'],
      problems: [
        { line: 2, column: 'id', code: 'request_not_processing', params: { status: 'approved' } },
      ],
    },
  ];

  it('words a request status among the parameters in the report language, not as its code', async () => {
    const ja = await text(rows, 'ja');
    expect(ja).toContain('この申請は「承認済み」のため完了にできません');
    expect(ja).not.toMatch(/approved|\{\{status\}\}/);
    const en = await text(rows, 'en');
    expect(en).toContain('The request is approved; only a processing request can be completed');
    // The codes column keeps the code, for filtering.
    expect(en).toContain('id:request_not_processing');
  });
});
