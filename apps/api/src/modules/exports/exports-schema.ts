import { FORBIDDEN_MESSAGE } from '@app/shared';
import { builder } from '../../graphql/builder';
import { listExportArgs } from '../../graphql/filter-fields';
import {
  exportAccessAllows,
  type ExportColumnInfo,
  type RegisteredExport,
} from '../../platform/exports';
import type { Filters as ListFilters, List } from '../../platform/lists';
import { AppError } from '../../shared/app-error';
import { AUDIT_LIST } from '../audit/audit-list';
import { PAYMENTS_LIST } from '../payments/payments-list';
import { AGGREGATES_LIST, TRACK_RECORDS_LIST } from '../referral/referral-list';
import {
  AFFILIATE_REMITTANCES_LIST,
  SAVING_ADDRESSES_LIST,
  USER_SAVINGS_LIST,
} from '../savings/savings-list';
import { assetStatsArgs } from '../statistics/statistics-filters';
import { USERS_LIST } from '../users/users-list';
import { ExportLinkRef } from './exports-types';
import { BUSINESS_DAY } from '../../shared/business-day';

// Each export takes its list's declaration (platform/lists), never a copy;
// exports-filters.test.ts and list-declarations.test.ts walk the schema to hold every pair
// equal. The lists page with `pagination`; an export is every page, so it takes only the sort.

const ExportColumnRef = builder.objectRef<ExportColumnInfo>('ExportColumn').implement({
  description: 'One column of an export file: what it means and how it is written.',
  fields: (t) => ({
    header: t.exposeString('header'),
    meaning: t.exposeString('meaning'),
    type: t.exposeString('type', {
      description:
        'text, decimal (exact, plain), integer, datetime (ISO-8601 with the business time zone offset, e.g. 2026-01-31T18:00:00+09:00), date, boolean',
    }),
    unit: t.exposeString('unit', { nullable: true }),
    example: t.exposeString('example'),
  }),
});

const ExportFormatRef = builder.objectRef<RegisteredExport>('ExportFormat').implement({
  description: 'An export and the columns of its file.',
  fields: (t) => ({
    name: t.exposeString('name'),
    columns: t.field({ type: [ExportColumnRef], resolve: (e) => [...e.columns] }),
  }),
});

builder.queryField('exportFormats', (t) =>
  t.field({
    description: 'Every export with the format of its file (the download centre).',
    type: [ExportFormatRef],
    authScopes: { authenticated: true },
    resolve: (_root, _args, ctx) => [...ctx.services.exports.list()],
  }),
);

/**
 * The link query of a declared list's export: its name, access and arguments (the list's
 * filters and sort) come from the list's declaration (platform/lists).
 */
function listExportQuery<F extends ListFilters, T extends string, Row, X extends ListFilters>(
  list: List<F, T, Row, X>,
  description: string,
): void {
  if (!list.export) throw new Error(`The list ${list.call} declares no export`);
  const { call, name, access } = list.export;
  builder.queryField(call, (t) =>
    t.field({
      description,
      type: ExportLinkRef,
      authScopes: access === 'superAdmin' ? { superAdmin: true } : { authenticated: true },
      args: listExportArgs(list as List<Record<string, { type: 'String' }>, T, Row, X>),
      resolve: (_root, args, ctx) => ctx.services.exports.link(ctx.admin!.id, name, { ...args }),
    }),
  );
}

listExportQuery(
  USERS_LIST,
  'A download link for the users list as CSV: the same filters and sort as `users`, every page.',
);

builder.queryField('userPaymentsCSV', (t) =>
  t.field({
    description:
      'A download link for payments as CSV: the `userPayments` filters and sort, every page. version 1 (default): the list\'s columns; version 2: the bookkeeper\'s layout, one row per payment with every amount, rate and date (docs/api.md, "Exports").',
    type: ExportLinkRef,
    authScopes: { authenticated: true },
    args: {
      ...listExportArgs(PAYMENTS_LIST),
      version: t.arg.int({ required: false, defaultValue: 1 }),
    },
    resolve: (_root, { version, ...args }, ctx) => {
      if (version !== 1 && version !== 2) {
        throw new AppError('BAD_USER_INPUT', 'version must be 1 or 2.', {
          field: 'version',
          problem: 'oneOf',
          params: { values: '1, 2' },
        });
      }
      const name = version === 2 ? 'userPaymentsV2' : 'userPayments';
      return ctx.services.exports.link(ctx.admin!.id, name, { ...args });
    },
  }),
);

listExportQuery(
  USER_SAVINGS_LIST,
  'Download centre type 1: coin-saving remittances of all users as CSV, with the `userSavings` filters and an optional confirmation range (inclusive), newest first unless sort.orderBy is ASC.',
);

listExportQuery(
  TRACK_RECORDS_LIST,
  'Download centre type 2: the referral plan affiliate track records as CSV, with the `affiliateTrackRecords` search and sort (userId, numberOfChildren), every page.',
);

listExportQuery(
  AFFILIATE_REMITTANCES_LIST,
  "Download centre type 3: referral-plan remittances with each user's parent id as CSV, with the `affiliateSavingRemittances` search and an optional confirmation range (inclusive).",
);

builder.queryField('assetStatsCsv', (t) =>
  t.field({
    description: `A download link for the asset statistics (issue 16): one row per ${BUSINESS_DAY} of the range, as \`assetStats\` (same limits).`,
    type: ExportLinkRef,
    authScopes: { authenticated: true },
    args: assetStatsArgs(),
    resolve: (_root, args, ctx) =>
      ctx.services.exports.link(ctx.admin!.id, 'assetStats', { ...args }),
  }),
);

listExportQuery(
  SAVING_ADDRESSES_LIST,
  'A download link for the deposit addresses as CSV: the `hecSavingAddresses` search, every page, by id (DESC unless sort.orderBy is ASC).',
);

listExportQuery(
  AGGREGATES_LIST,
  'A download link for the referral-plan aggregates as CSV: the `affiliateSavingAggregates` search and sort (id, totalSentHec), every page.',
);

listExportQuery(
  AUDIT_LIST,
  'A download link for the audit log as CSV (super admins): the `auditLogs` filters and sort, every page.',
);

const ExportPreviewRowRef = builder.objectRef<string[]>('ExportPreviewRow').implement({
  description: 'One row of a preview: its cells as the file writes them, in column order.',
  fields: (t) => ({ cells: t.field({ type: ['String'], resolve: (row) => row }) }),
});

const ExportPreviewRef = builder
  .objectRef<{ columns: readonly ExportColumnInfo[]; rows: string[][] }>('ExportPreview')
  .implement({
    description: "An export's first rows, as the file will write them.",
    fields: (t) => ({
      columns: t.field({ type: [ExportColumnRef], resolve: (p) => [...p.columns] }),
      rows: t.field({ type: [ExportPreviewRowRef], resolve: (p) => p.rows }),
    }),
  });

builder.queryField('exportPreview', (t) =>
  t.field({
    description:
      "The first rows (default 10, at most 50) of an export, from the file's own query: the download centre's preview. Takes the confirmation range the centre offers.",
    type: ExportPreviewRef,
    authScopes: { authenticated: true },
    args: {
      name: t.arg.string({ required: true }),
      confirmedAtFrom: t.arg({ type: 'DateTime', required: false }),
      confirmedAtUntil: t.arg({ type: 'DateTime', required: false }),
      limit: t.arg.int({ required: false, defaultValue: 10 }),
    },
    resolve: (_root, { name, limit, ...filters }, ctx) => {
      // The preview shows data: an export for super admins previews for super admins only.
      if (!exportAccessAllows(ctx.services.exports.format(name).access, ctx.admin!.roles)) {
        throw new AppError('FORBIDDEN', FORBIDDEN_MESSAGE);
      }
      return ctx.services.exports.preview(
        name,
        { ...filters },
        Math.min(Math.max(limit ?? 10, 1), 50),
      );
    },
  }),
);
