import {
  fillPlaceholders,
  IMPORT_REASON_TEXTS,
  IMPORT_REPORT_TEXTS,
  isoInTimeZone,
  type Locale,
  type TranslatedImportReason,
} from '@app/shared';
import { csvLine, UTF8_BOM } from '../csv';
import { IMPORT_REASON_MESSAGES, type ImportReasonCode } from './import-columns';
import type { CheckReport, CheckReportRow, ProblemRow } from './imports-repository';

/** Rows per page the download reads (keyset pages on the primary key). */
export const CHECK_REPORT_PAGE_ROWS = 5_000;

/** A value the report stored as a UTC instant (`to_char` in saveCheckReport). */
const STORED_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/**
 * The check report as CSV (UTF-8 with BOM, CRLF): `line`, the file's columns, the names its
 * ids resolved to, the outcome (`OK` / error), the reasons in `locale` (the very texts the
 * screen shows, column first) and the reason codes (stable, for filtering). Date-times are
 * written in the business time zone with their offset. Reads page by page: memory is one
 * page, whatever the file's size.
 */
export async function* checkReportCsv(
  report: CheckReport,
  pages: AsyncIterable<CheckReportRow[]>,
  options: { locale: Locale; timeZone: string },
): AsyncGenerator<Buffer> {
  const words = IMPORT_REPORT_TEXTS[options.locale];
  const fileColumns = report.columns.length;
  // The file's columns keep their names (as the template heads them); the rest are translated.
  const named: Record<string, unknown> = words;
  const header = [
    ...report.columns,
    ...report.resolved.map((name) => {
      const text = named[name];
      return typeof text === 'string' ? text : name;
    }),
  ];
  yield Buffer.from(
    UTF8_BOM + csvLine([words.line, ...header, words.result, words.reasons, words.reasonCodes]),
    'utf8',
  );
  for await (const page of pages) {
    let text = '';
    for (const row of page) {
      const cells = row.cells.map((cell, i) => {
        if (i >= fileColumns) return cell ?? words.notFound;
        if (cell && STORED_INSTANT.test(cell))
          return isoInTimeZone(new Date(cell), options.timeZone);
        return cell ?? '';
      });
      const problems = row.problems ?? [];
      text += csvLine([
        String(row.line),
        ...cells,
        problems.length === 0 ? words.ok : words.error,
        problems.map((p) => problemText(p, options.locale)).join(' / '),
        problems.map((p) => (p.column ? `${p.column}:${p.code}` : p.code)).join(' '),
      ]);
    }
    yield Buffer.from(text, 'utf8');
  }
}

/** One problem as the screen shows it: the column, then the translated reason. */
function problemText(problem: ProblemRow, locale: Locale): string {
  const texts: Record<string, string> = IMPORT_REASON_TEXTS[locale];
  const template = texts[problem.code as TranslatedImportReason];
  // A request's status is a code in the parameters; the report words it like the screen does.
  const statuses: Record<string, string> = IMPORT_REPORT_TEXTS[locale].statuses;
  const status = problem.params.status;
  const params =
    typeof status === 'string' && status in statuses
      ? { ...problem.params, status: statuses[status]! }
      : problem.params;
  // A code unknown here (a report kept from an older version) falls back to the English text.
  const english = IMPORT_REASON_MESSAGES[problem.code as ImportReasonCode] as
    ((params: Record<string, string | number>) => string) | undefined;
  const text =
    template === undefined
      ? (english?.(problem.params) ?? problem.code)
      : fillPlaceholders(template, params);
  return problem.column ? `${problem.column}: ${text}` : text;
}
