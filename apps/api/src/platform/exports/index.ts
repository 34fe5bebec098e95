/** The export engine (docs/architecture.md, "Exports"). */
export {
  cellText,
  defineExport,
  exportAccessAllows,
  exportDate,
  type ExportAccess,
  type ExportColumn,
  type ExportColumnInfo,
  type ExportColumnType,
  type ExportDefinition,
  type ExportFilterInput,
  type RegisteredExport,
  type StoredFile,
} from './export-definition';
export { cursorBatches, cursorRows, EXPORT_BATCH_ROWS } from './export-cursor';
export { personColumns } from './person-columns';
export {
  createExportEngine,
  DOWNLOADS_PATH,
  EXPORT_LINK_TTL_MS,
  exportFileName,
  type DownloadRecord,
  type ExportEngine,
  type ExportEngineOptions,
  type ExportLink,
  type OpenedDownload,
} from './export-engine';
export { checkExportLink, exportLinkKey, signExportLink, type LinkCheck } from './export-link';
export {
  clearDownloadCookie,
  DOWNLOAD_COOKIE,
  downloadCookieToken,
  setDownloadCookie,
} from './download-cookie';
