import { CSV_IMPORTS_SHAPE, IMPORT_NOT_APPLICABLE_REASONS } from '@app/shared';
import { builder } from '../../graphql/builder';
import { pagedListQuery } from '../../graphql/pagination';
import { defineList } from '../lists';
import type { ImportPreviewRow, ImportReport, ImportRowError } from './import-engine';
import type { ImportRunView } from './imports-service';
import type { ImportRecord } from './imports-repository';

/** GraphQL shapes of the import engine, shared by every upload call (payments, rates, …). */

const ImportTotalRef = builder
  .objectRef<{ name: string; value: string }>('CsvImportTotal')
  .implement({
    description: 'One exact total of an import (for example paidUsd or BTCAmountToBuyHEC).',
    fields: (t) => ({
      name: t.exposeString('name'),
      value: t.expose('value', { type: 'Decimal' }),
    }),
  });

const ImportRowErrorRef = builder.objectRef<ImportRowError>('CsvImportRowError').implement({
  description: 'A refused row: its line (header = 1), the column as headed in the file, why.',
  fields: (t) => ({
    line: t.exposeInt('line'),
    column: t.exposeString('column', { nullable: true }),
    code: t.exposeString('code', {
      description: 'A stable reason code the web app translates (imports.reasons.<code>).',
    }),
    params: t.string({
      description: 'The reason parameters as a JSON object (e.g. {"max":18}).',
      resolve: (e) => JSON.stringify(e.params),
    }),
    message: t.exposeString('message', { description: 'The reason in English.' }),
  }),
});

const ImportPreviewValueRef = builder
  .objectRef<{ name: string; value: string | null }>('CsvImportPreviewValue')
  .implement({
    fields: (t) => ({
      name: t.exposeString('name'),
      value: t.exposeString('value', { nullable: true }),
    }),
  });

const ImportPreviewRowRef = builder.objectRef<ImportPreviewRow>('CsvImportPreviewRow').implement({
  description:
    'One row of the file with what its ids resolve to (for payments: userName, planName), so the operator sees what the ids mean before applying.',
  fields: (t) => ({
    line: t.exposeInt('line'),
    values: t.field({
      type: [ImportPreviewValueRef],
      resolve: (r) => Object.entries(r.values).map(([name, value]) => ({ name, value })),
    }),
  }),
});

const ImportRecordRef = builder.objectRef<ImportRecord>('CsvImport').implement({
  description: 'An applied CSV file (the import history).',
  fields: (t) => ({
    id: t.exposeString('id'),
    kind: t.exposeString('kind'),
    contentHash: t.exposeString('contentHash', {
      description:
        "The file's identity: SHA-256 (hex) of its normalised parsed rows, not of its bytes (line ends, a BOM, blank lines or the encoding do not change it).",
    }),
    fileName: t.exposeString('fileName'),
    byteSize: t.exposeString('byteSize'),
    encoding: t.exposeString('encoding'),
    rowCount: t.exposeInt('rowCount'),
    appliedCount: t.exposeInt('appliedCount'),
    totals: t.field({
      type: [ImportTotalRef],
      resolve: (r) => Object.entries(r.summary).map(([name, value]) => ({ name, value })),
    }),
    adminUserName: t.exposeString('adminUserName', { nullable: true }),
    importedAt: t.expose('importedAt', { type: 'DateTime' }),
  }),
});

export const ImportReportRef = builder.objectRef<ImportReport>('CsvImportReport').implement({
  description:
    'What a file would do (dry run) or did: rows read, rows with errors, errors, rows applicable and why none (notApplicableReason), exact totals and every bad row (the first 1,000 listed; errorCount counts all).',
  fields: (t) => ({
    kind: t.exposeString('kind'),
    dryRun: t.exposeBoolean('dryRun'),
    fileName: t.exposeString('fileName'),
    contentHash: t.exposeString('contentHash'),
    encoding: t.exposeString('encoding', { description: 'utf-8, utf-8-bom or cp932.' }),
    rowCount: t.exposeInt('rowCount'),
    count: t.int({
      description: 'What applying does (or did): payments added or fixed.',
      resolve: (r) => r.summary.count,
    }),
    totals: t.field({
      type: [ImportTotalRef],
      resolve: (r) => Object.entries(r.summary.totals).map(([name, value]) => ({ name, value })),
    }),
    invalidRowCount: t.exposeInt('invalidRowCount', {
      description: 'Rows with at least one error (errorCount counts every error of every row).',
    }),
    errorCount: t.exposeInt('errorCount', {
      description: 'Every error of every row (a row may have several).',
    }),
    applicableRowCount: t.exposeInt('applicableRowCount', {
      description:
        'Rows that applying this file applies now: every row, or 0 (a file applies whole or not at all).',
    }),
    notApplicableReason: t.string({
      nullable: true,
      description: `Why applying would apply nothing, as a code the web app words (imports.notApplicable.<code>): ${IMPORT_NOT_APPLICABLE_REASONS.join(', ')}. Null when applying applies every row.`,
      resolve: (r) => r.notApplicableReason,
    }),
    errors: t.field({ type: [ImportRowErrorRef], resolve: (r) => r.errors }),
    rows: t.field({
      type: [ImportPreviewRowRef],
      description: 'The first rows of the file, each with what its ids resolve to.',
      resolve: (r) => r.preview,
    }),
    alreadyImported: t.expose('alreadyImported', { type: ImportRecordRef, nullable: true }),
    imported: t.expose('imported', { type: ImportRecordRef, nullable: true }),
  }),
});

/** `csvImports`: applied imports of the required kinds, newest first; no filters beside. */
const CSV_IMPORTS_LIST = defineList(CSV_IMPORTS_SHAPE);

pagedListQuery(CSV_IMPORTS_LIST, {
  type: 'CsvImportList',
  item: ImportRecordRef,
  description: 'Applied CSV imports of the given kinds (payments, rates, …), newest first.',
  authScopes: { authenticated: true },
  args: (arg) => ({ kinds: arg({ type: ['String'], required: true }) }),
  load: (args, page, ctx) => ctx.services.imports.history(args.kinds.slice(0, 10), page),
});

const ImportRefusalRef = builder
  .objectRef<NonNullable<ImportRunView['refusal']>>('CsvImportRefusal')
  .implement({
    description:
      'Why a run was refused, as the upload call would have answered it: the error message and its extensions (code, reason, params, …).',
    fields: (t) => ({
      message: t.exposeString('message'),
      code: t.string({ resolve: (r) => String(r.extensions.code ?? 'INTERNAL_SERVER_ERROR') }),
      extensions: t.string({
        description: 'The extensions of the error as a JSON object (code, reason, params, …).',
        resolve: (r) => JSON.stringify(r.extensions),
      }),
    }),
  });

const ImportProgressRef = builder.objectRef<ImportRunView>('CsvImportProgress').implement({
  description:
    'An upload (a run), kept in the database so any replica answers: its phase (queued, parsing, checking, applying, done, failed), the rows and bytes parsed so far, and once it has ended its outcome with its report or its refusal.',
  fields: (t) => ({
    runId: t.exposeID('runId'),
    kind: t.exposeString('kind'),
    dryRun: t.exposeBoolean('dryRun'),
    phase: t.exposeString('phase'),
    rowsRead: t.exposeInt('rowsRead'),
    bytesRead: t.float({ resolve: (p) => p.bytesRead }),
    byteSize: t.float({ resolve: (p) => p.byteSize }),
    outcome: t.string({
      nullable: true,
      description: 'null while running; then checked (a dry run), applied, refused or failed.',
      resolve: (p) => p.outcome,
    }),
    report: t.expose('report', {
      type: ImportReportRef,
      nullable: true,
      description: 'The report of a checked or applied run.',
    }),
    refusal: t.expose('refusal', {
      type: ImportRefusalRef,
      nullable: true,
      description: 'The refusal of a refused (or failed) run.',
    }),
  }),
});

builder.queryField('csvImportProgress', (t) =>
  t.field({
    description:
      "The caller's own upload sent with this progressKey (null when unknown, another admin's, or ended over a day ago). Read from the database: any replica answers.",
    type: ImportProgressRef,
    nullable: true,
    authScopes: { authenticated: true },
    args: { key: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) => ctx.services.imports.progress(ctx.actor.adminUserId, args.key),
  }),
);

builder.queryField('csvImportRun', (t) =>
  t.field({
    description:
      "The caller's own upload by the runId a background upload answered (null when unknown or another admin's).",
    type: ImportProgressRef,
    nullable: true,
    authScopes: { authenticated: true },
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) =>
      ctx.services.imports.runOf(ctx.actor.adminUserId, String(args.id)),
  }),
);
