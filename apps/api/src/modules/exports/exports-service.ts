import {
  createExportEngine,
  type DownloadRecord,
  type ExportEngineOptions,
  type ExportFilterInput,
  type LinkCheck,
} from '../../platform/exports';
import type { AuditService } from '../audit/audit-service';
import type { Actor } from '../../shared/actor';

/**
 * Exports as the API offers them: links for the export queries, previews and formats for the
 * download centre, and the audited download the route streams.
 */
export function createExportsService(options: ExportEngineOptions, audit: AuditService) {
  const engine = createExportEngine(options);
  return {
    /** Every registered export, for the format descriptions. */
    list: () => engine.exports,
    format: (name: string) => engine.find(name),
    /** A download link; `fileName` names a kept file (a signing batch) instead of a stamp. */
    link: (adminUserId: number, name: string, filters: ExportFilterInput, fileName?: string) =>
      engine.issueLink(adminUserId, name, dropEmpty(filters), fileName),
    preview: (name: string, filters: ExportFilterInput, limit: number) =>
      engine.preview(name, dropEmpty(filters), limit),
    check: (token: string, adminUserId: number): LinkCheck => engine.check(token, adminUserId),
    /** Opens a checked link; the audit row (who, which, filters, rows) is written at the end. */
    open(
      actor: Actor,
      name: string,
      filters: ExportFilterInput,
      fileName?: string,
      /** `onEnd` hears of the end first (rows, complete), before its audit row is written. */
      options: { onEnd?: (record: DownloadRecord) => void } = {},
    ) {
      const opened = engine.open(name, filters, fileName);
      return {
        fileName: opened.fileName,
        stream: () =>
          opened.stream((record: DownloadRecord) => {
            options.onEnd?.(record);
            return audit.record(actor, 'downloadExport', [record.name], {
              export: record.name,
              filters: record.filters,
              rows: record.rows,
              complete: record.complete,
            });
          }),
      };
    },
  };
}

/** Null and undefined arguments say nothing; leaving them out keeps links short and stable. */
function dropEmpty(filters: ExportFilterInput): ExportFilterInput {
  return Object.fromEntries(
    Object.entries(filters).filter(([, value]) => value !== null && value !== undefined),
  );
}

export type ExportsService = ReturnType<typeof createExportsService>;
