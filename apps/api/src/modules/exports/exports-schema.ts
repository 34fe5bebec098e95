import { builder } from '../../graphql/builder';
import { SortInputRef } from '../../graphql/pagination';
import type { ExportColumnInfo, RegisteredExport } from '../../platform/exports';
import { ExportLinkRef } from './exports-types';

const ExportColumnRef = builder.objectRef<ExportColumnInfo>('ExportColumn').implement({
  description: 'One column of an export file: what it means and how it is written.',
  fields: (t) => ({
    header: t.exposeString('header'),
    meaning: t.exposeString('meaning'),
    type: t.exposeString('type', {
      description: 'text, decimal (exact, plain), integer, datetime (ISO-8601 UTC), date, boolean',
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

builder.queryField('usersCSV', (t) =>
  t.field({
    description:
      'A download link for the users list as CSV: the same filters and sort as `users`, every page.',
    type: ExportLinkRef,
    authScopes: { authenticated: true },
    args: {
      userName: t.arg.string({ required: false }),
      inviteCode: t.arg.string({ required: false }),
      email: t.arg.string({ required: false }),
      forceClubIdHash: t.arg.string({ required: false }),
      totalBuyAmountMoreThanOrEqual: t.arg({ type: 'Decimal', required: false }),
      totalBuyAmountLessThanOrEqual: t.arg({ type: 'Decimal', required: false }),
      cardStatus: t.arg.intList({ required: false }),
      sort: t.arg({ type: SortInputRef, required: false }),
    },
    resolve: (_root, args, ctx) => ctx.services.exports.link(ctx.admin!.id, 'users', { ...args }),
  }),
);
