// The signing export's GraphQL types and its answer, shared by its mutation
// (commands/export-for-signing.ts) and the spec's query names (withdrawal-exports-schema.ts).
import { builder } from '../../graphql/builder';
import { storedFilterFields, type StoredFilters } from '../../graphql/filter-fields';
import type { CommandEnv } from '../../platform/commands';
import { FINGERPRINT_INPUT } from '../../platform/confirmed-set';
import { notFound } from '../../shared/list-input';
import { SIGNING_LAYOUTS, type ExportPreview } from './withdrawal-exports';
import type { BatchFileInfo, CoinTotal, ExportBatchRow } from './withdrawal-exports-repository';
import { SIGNING_EXPORT_NAMES } from './withdrawal-signing-exports';
import { WithdrawalKindRef } from './withdrawal-types';
import { WITHDRAWALS_LIST } from './withdrawals-list';

/** What a signing export answers: the batch made, and where its file downloads. */
type SigningExport = {
  batch: BatchWithFiles;
  url: string;
  expiresAt: Date;
  fileName: string;
};
type BatchWithFiles = ExportBatchRow & { files: BatchFileInfo[] };

export const LayoutRef = builder.enumType('WithdrawalSigningLayout', {
  values: SIGNING_LAYOUTS,
});

const CoinTotalRef = builder.objectRef<CoinTotal>('WithdrawalCoinTotal').implement({
  description:
    'Per coin, the transfers of a set of requests (the V2 file’s rows: each request’s net amount in its coin, and a principal withdrawal’s ETH) and their exact total.',
  fields: (t) => ({
    coin: t.exposeString('coin', { description: 'HEC, ETH or ATEM.' }),
    transfers: t.exposeInt('transfers'),
    amount: t.expose('amount', { type: 'Decimal' }),
  }),
});

const BatchFileRef = builder.objectRef<BatchFileInfo>('WithdrawalExportBatchFile').implement({
  description: 'One layout’s file of a batch, kept as handed out.',
  fields: (t) => ({
    layout: t.expose('layout', { type: LayoutRef }),
    fileName: t.exposeString('fileName'),
    fileSha256: t.exposeString('fileSha256', { description: 'SHA-256 of the file’s bytes.' }),
  }),
});

const BatchFiltersRef = builder.objectRef<StoredFilters>('WithdrawalExportFilters').implement({
  description:
    'The list filters a batch was made with (status is always approved: an export takes approved requests only).',
  // The withdrawal lists' declared filters, so a filter added to them shows here too.
  fields: (t) => storedFilterFields(t, WITHDRAWALS_LIST.filters),
});

export const ExportBatchRef = builder.objectRef<BatchWithFiles>('WithdrawalExportBatch').implement({
  description:
    'A signing file as handed out: who made it and when, with which filters, how many requests it holds (each now processing, with exportBatchId), their total per coin, the layout and the SHA-256 of its bytes; both layouts are kept (files) and download again byte for byte.',
  fields: (t) => ({
    id: t.exposeString('id'),
    kind: t.expose('kind', { type: WithdrawalKindRef }),
    layout: t.exposeString('layout', {
      description:
        'v1 (one row per request) or v2 (one row per coin transfer): the layout exported.',
    }),
    adminUserName: t.exposeString('adminUserName'),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    requestedAtFrom: t.expose('requestedAtFrom', { type: 'DateTime', nullable: true }),
    requestedAtUntil: t.expose('requestedAtUntil', { type: 'DateTime', nullable: true }),
    filters: t.field({ type: BatchFiltersRef, resolve: (b) => b.filters }),
    requestCount: t.exposeInt('requestCount'),
    totals: t.field({ type: [CoinTotalRef], resolve: (b) => b.totals }),
    fileSha256: t.exposeString('fileSha256', {
      description: 'SHA-256 of the exported layout’s file.',
    }),
    fileName: t.exposeString('fileName'),
    files: t.field({ type: [BatchFileRef], resolve: (b) => b.files }),
  }),
});

export const SigningExportRef = builder
  .objectRef<SigningExport>('WithdrawalSigningExport')
  .implement({
    fields: (t) => ({
      url: t.exposeString('url', {
        description: 'Where the file downloads (a short-lived link bound to the admin).',
      }),
      expiresAt: t.expose('expiresAt', { type: 'DateTime' }),
      fileName: t.exposeString('fileName', {
        description:
          'The name the file downloads under (the batch’s, stamped in the business time zone).',
      }),
      batch: t.expose('batch', { type: ExportBatchRef }),
    }),
  });

export const PreviewRef = builder
  .objectRef<ExportPreview>('WithdrawalSigningExportPreview')
  .implement({
    description:
      'What a signing export of these searchParams would take now: the approved requests matching them (expectedCount), their total per coin, and those whose approvals no longer satisfy their coin’s threshold (an export with any is refused).',
    fields: (t) => ({
      count: t.exposeInt('count'),
      fingerprint: t.exposeString('fingerprint', {
        description:
          'The fingerprint of exactly these requests at their revisions: send it with the export, which takes this set or refuses (CONFLICT, reason LIST_CHANGED).',
      }),
      totals: t.field({ type: [CoinTotalRef], resolve: (p) => p.totals }),
      underApprovedIds: t.exposeStringList('underApprovedIds'),
    }),
  });

async function withFiles(
  ctx: Pick<CommandEnv, 'admin' | 'services'>,
  batch: ExportBatchRow,
): Promise<BatchWithFiles> {
  const files = await ctx.services.withdrawals.batchFiles([batch.id]);
  return { ...batch, files };
}

/** The download link of a batch's file in a layout: its kept bytes, under its kept name. */
export async function linkOf(
  ctx: Pick<CommandEnv, 'admin' | 'services'>,
  batch: ExportBatchRow,
  layout: 'v1' | 'v2' = batch.layout,
): Promise<SigningExport> {
  const withFilesRow = await withFiles(ctx, batch);
  const file = withFilesRow.files.find((f) => f.layout === layout);
  if (!file) throw notFound('exportBatchFile', `${batch.id} (${layout})`);
  const link = ctx.services.exports.link(
    ctx.admin!.id,
    SIGNING_EXPORT_NAMES[layout],
    { batchId: batch.id },
    file.fileName,
  );
  return { batch: withFilesRow, url: link.url, expiresAt: link.expiresAt, fileName: file.fileName };
}

export const SCOPE_NOTE =
  'It takes exactly the approved requests the list call answers for the same kind and searchParams (a searchParams status other than approved takes none); with fingerprint (from withdrawalSigningExportPreview), exactly the set the operator confirmed (the same requests at the same revisions) or CONFLICT (reason LIST_CHANGED) and nothing changes; without it, with expectedCount, only as many (a count does not tell a swapped set apart: docs/api.md, "Confirmed sets"). Every request must still have the approvals its coin’s threshold requires (else CONFLICT, reason APPROVALS_MISSING, ids). At most 5,000 per export.';

export const QUERY_NOTE =
  'A query that changes data: refused over GET and beside any other root field (docs/api.md, "Queries that change state"); the web app uses postWithdrawalSigningExport.';

export const FINGERPRINT_ARG = FINGERPRINT_INPUT.fingerprint.description;
