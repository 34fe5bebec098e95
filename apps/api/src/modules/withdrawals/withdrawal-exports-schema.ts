import type { WithdrawalKind } from '@app/shared';
import { builder } from '../../graphql/builder';
import { pagedListQuery } from '../../graphql/pagination';
import type { GraphQLContext } from '../../graphql/context';
import type { ExportBatchRow } from './withdrawal-exports-repository';
import { WITHDRAWAL_LIST_CALLS } from './withdrawal-lists-schema';
import { SIGNING_EXPORT_NAMES } from './withdrawal-signing-exports';
import { WithdrawalKindRef } from './withdrawal-types';

/** What a signing export answers: the batch made, and where its file downloads. */
type SigningExport = { batch: ExportBatchRow; url: string; expiresAt: Date };

export const ExportBatchRef = builder.objectRef<ExportBatchRow>('WithdrawalExportBatch').implement({
  description:
    'A signing file as handed out: who made it and when, how many requests it holds (each now processing, with exportBatchId), the layout and the SHA-256 of its bytes.',
  fields: (t) => ({
    id: t.exposeString('id'),
    kind: t.expose('kind', { type: WithdrawalKindRef }),
    layout: t.exposeString('layout', {
      description: 'v1 (one row per request) or v2 (one row per coin transfer).',
    }),
    adminUserName: t.exposeString('adminUserName'),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    requestedAtFrom: t.expose('requestedAtFrom', { type: 'DateTime', nullable: true }),
    requestedAtUntil: t.expose('requestedAtUntil', { type: 'DateTime', nullable: true }),
    requestCount: t.exposeInt('requestCount'),
    fileSha256: t.exposeString('fileSha256'),
    fileName: t.exposeString('fileName'),
  }),
});

const SigningExportRef = builder.objectRef<SigningExport>('WithdrawalSigningExport').implement({
  fields: (t) => ({
    url: t.exposeString('url', {
      description: 'Where the file downloads (a short-lived link bound to the admin).',
    }),
    expiresAt: t.expose('expiresAt', { type: 'DateTime' }),
    fileName: t.string({ resolve: (e) => e.batch.fileName }),
    batch: t.expose('batch', { type: ExportBatchRef }),
  }),
});

/** The download link of a batch: the export engine streams the batch's requests again. */
function linkOf(ctx: GraphQLContext, batch: ExportBatchRow): SigningExport {
  const link = ctx.services.exports.link(ctx.admin!.id, SIGNING_EXPORT_NAMES[batch.layout], {
    batchId: batch.id,
  });
  return { batch, url: link.url, expiresAt: link.expiresAt };
}

for (const [kind, call] of Object.entries(WITHDRAWAL_LIST_CALLS) as Array<
  [WithdrawalKind, string]
>) {
  for (const layout of ['v1', 'v2'] as const) {
    const name = `${call}${layout === 'v1' ? 'Csv' : 'CsvV2'}`;
    builder.queryField(name, (t) =>
      t.field({
        description: `Signing export (${layout === 'v1' ? 'V1: one row per request' : 'V2: one row per coin transfer'}) of the approved ${kind} requests, optionally by requested-at window: marks them processing in the same transaction, records the export batch and answers its download link. With nothing approved: CONFLICT. Layouts: docs/api.md, "Signing exports".`,
        type: SigningExportRef,
        authScopes: { write: true },
        args: {
          requestedAtFrom: t.arg({ type: 'DateTime', required: false }),
          requestedAtUntil: t.arg({ type: 'DateTime', required: false }),
        },
        resolve: async (_root, args, ctx) => {
          const batch = await ctx.services.withdrawals.exportForSigning(
            ctx.actor,
            kind,
            layout,
            {
              requestedAtFrom: args.requestedAtFrom ?? undefined,
              requestedAtUntil: args.requestedAtUntil ?? undefined,
            },
            call,
          );
          return linkOf(ctx, batch);
        },
      }),
    );
  }
}

const LayoutRef = builder.enumType('WithdrawalSigningLayout', { values: ['v1', 'v2'] as const });

builder.queryField('withdrawalSigningCsv', (t) =>
  t.field({
    description:
      'The signing export of any kind (the one call the web app’s eight screens share): the same as <listCall>Csv (v1) and <listCall>CsvV2 (v2).',
    type: SigningExportRef,
    authScopes: { write: true },
    args: {
      kind: t.arg({ type: WithdrawalKindRef, required: true }),
      layout: t.arg({ type: LayoutRef, required: true }),
      requestedAtFrom: t.arg({ type: 'DateTime', required: false }),
      requestedAtUntil: t.arg({ type: 'DateTime', required: false }),
    },
    resolve: async (_root, args, ctx) => {
      const batch = await ctx.services.withdrawals.exportForSigning(
        ctx.actor,
        args.kind,
        args.layout,
        {
          requestedAtFrom: args.requestedAtFrom ?? undefined,
          requestedAtUntil: args.requestedAtUntil ?? undefined,
        },
        WITHDRAWAL_LIST_CALLS[args.kind],
      );
      return linkOf(ctx, batch);
    },
  }),
);

builder.queryField('withdrawalExportBatchCsv', (t) =>
  t.field({
    description:
      'The download link of an earlier signing export, to download the same file again (changes nothing).',
    type: SigningExportRef,
    authScopes: { write: true },
    args: { batchId: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) =>
      linkOf(ctx, await ctx.services.withdrawals.batch(String(args.batchId))),
  }),
);

pagedListQuery('withdrawalExportBatches', {
  type: 'WithdrawalExportBatchList',
  item: ExportBatchRef,
  description: 'The signing exports of a kind, newest first.',
  authScopes: { authenticated: true },
  sortTargets: ['createdAt'] as const,
  defaultSort: { target: 'createdAt', orderBy: 'desc' },
  args: (arg) => ({ kind: arg({ type: WithdrawalKindRef, required: true }) }),
  load: (args, page, ctx) => ctx.services.withdrawals.batches(args.kind, page.limit, page.offset),
});
