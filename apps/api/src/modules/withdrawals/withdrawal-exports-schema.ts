import type { WithdrawalKind } from '@app/shared';
import { builder } from '../../graphql/builder';
import { commandMutation } from '../../graphql/command-fields';
import { storedFilterFields, type StoredFilters } from '../../graphql/filter-fields';
import { pagedListQuery } from '../../graphql/pagination';
import type { GraphQLContext } from '../../graphql/context';
import { STATE_CHANGING_QUERY } from '../../graphql/state-changing-queries';
import { badInput, notFound } from '../../shared/list-input';
import { confirmedSetWrite, FINGERPRINT_INPUT } from '../../platform/confirmed-set';
import { SIGNING_EXPORT, SIGNING_EXPORT_SET } from './withdrawal-commands';
import type { ExportPreview } from './withdrawal-exports';
import type { BatchFileInfo, CoinTotal, ExportBatchRow } from './withdrawal-exports-repository';
import { WITHDRAWAL_LIST_CALLS, WithdrawalSearchParamsRef } from './withdrawal-lists-schema';
import type { WithdrawalSearchInput } from './withdrawals-service';
import { SIGNING_EXPORT_NAMES } from './withdrawal-signing-exports';
import { WithdrawalKindRef } from './withdrawal-types';
import { EXPORT_BATCHES_LIST, WITHDRAWALS_LIST } from './withdrawals-list';

/** What a signing export answers: the batch made, and where its file downloads. */
type SigningExport = { batch: BatchWithFiles; url: string; expiresAt: Date; fileName: string };
type BatchWithFiles = ExportBatchRow & { files: BatchFileInfo[] };

const LayoutRef = builder.enumType('WithdrawalSigningLayout', {
  values: SIGNING_EXPORT.input.layout.values,
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

const SigningExportRef = builder.objectRef<SigningExport>('WithdrawalSigningExport').implement({
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

const PreviewRef = builder.objectRef<ExportPreview>('WithdrawalSigningExportPreview').implement({
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

async function withFiles(ctx: GraphQLContext, batch: ExportBatchRow): Promise<BatchWithFiles> {
  const files = await ctx.services.withdrawals.batchFiles([batch.id]);
  return { ...batch, files };
}

/** The download link of a batch's file in a layout: its kept bytes, under its kept name. */
async function linkOf(
  ctx: GraphQLContext,
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

const SCOPE_NOTE =
  'It takes exactly the approved requests the list call answers for the same kind and searchParams (a searchParams status other than approved takes none); with fingerprint (from withdrawalSigningExportPreview), exactly the set the operator confirmed (the same requests at the same revisions) or CONFLICT (reason LIST_CHANGED) and nothing changes; without it, with expectedCount, only as many (a count does not tell a swapped set apart: docs/api.md, "Confirmed sets"). Every request must still have the approvals its coin’s threshold requires (else CONFLICT, reason APPROVALS_MISSING, ids). At most 5,000 per export.';

const QUERY_NOTE =
  'A query that changes data: refused over GET and beside any other root field (docs/api.md, "Queries that change state"); the web app uses postWithdrawalSigningExport.';

const FINGERPRINT_ARG = FINGERPRINT_INPUT.fingerprint.description;

type ExportArgs = {
  searchParams?: WithdrawalSearchInput | null;
  requestedAtFrom?: Date | null;
  requestedAtUntil?: Date | null;
};

/** The spec's top-level window arguments, folded into searchParams (both given: must agree). */
function paramsOf(args: ExportArgs): WithdrawalSearchInput {
  const params: WithdrawalSearchInput = { ...(args.searchParams ?? {}) };
  for (const key of ['requestedAtFrom', 'requestedAtUntil'] as const) {
    const top = args[key];
    if (top === null || top === undefined) continue;
    const inner = params[key];
    if (inner && new Date(inner).getTime() !== top.getTime())
      throw badInput(key, 'differs from searchParams.' + key + '; give it once.');
    params[key] = top;
  }
  return params;
}

for (const [kind, call] of Object.entries(WITHDRAWAL_LIST_CALLS) as Array<
  [WithdrawalKind, string]
>) {
  for (const layout of ['v1', 'v2'] as const) {
    const name = `${call}${layout === 'v1' ? 'Csv' : 'CsvV2'}`;
    const write = confirmedSetWrite(name, 'query');
    builder.queryField(name, (t) =>
      t.field({
        description: `Signing export (${layout === 'v1' ? 'V1: one row per request' : 'V2: one row per coin transfer'}) of the approved ${kind} requests: marks them processing in the same transaction, records the export batch and answers its download link. ${SCOPE_NOTE} With nothing approved: CONFLICT (NOTHING_TO_EXPORT). ${QUERY_NOTE} Layouts: docs/api.md, "Signing exports".`,
        type: SigningExportRef,
        authScopes: { write: true },
        extensions: STATE_CHANGING_QUERY,
        args: {
          searchParams: t.arg({ type: WithdrawalSearchParamsRef, required: false }),
          expectedCount: t.arg.int({ required: false }),
          fingerprint: t.arg.string({ required: false, description: FINGERPRINT_ARG }),
          requestedAtFrom: t.arg({ type: 'DateTime', required: false }),
          requestedAtUntil: t.arg({ type: 'DateTime', required: false }),
        },
        resolve: async (_root, args, ctx) => {
          const batch = await ctx.services.withdrawals.exportForSigning(
            ctx.actor,
            kind,
            paramsOf(args),
            {
              layout,
              expectedCount: args.expectedCount ?? undefined,
              fingerprint: args.fingerprint,
              callName: call,
              write,
            },
          );
          return linkOf(ctx, batch);
        },
      }),
    );
  }
}

const SIGNING_CSV_SET = confirmedSetWrite('withdrawalSigningCsv', 'query');

builder.queryField('withdrawalSigningCsv', (t) =>
  t.field({
    description: `The signing export of any kind: the same as <listCall>Csv (v1) and <listCall>CsvV2 (v2). ${QUERY_NOTE}`,
    type: SigningExportRef,
    authScopes: { write: true },
    extensions: STATE_CHANGING_QUERY,
    args: {
      kind: t.arg({ type: WithdrawalKindRef, required: true }),
      layout: t.arg({ type: LayoutRef, required: true }),
      searchParams: t.arg({ type: WithdrawalSearchParamsRef, required: false }),
      expectedCount: t.arg.int({ required: false }),
      fingerprint: t.arg.string({ required: false, description: FINGERPRINT_ARG }),
      requestedAtFrom: t.arg({ type: 'DateTime', required: false }),
      requestedAtUntil: t.arg({ type: 'DateTime', required: false }),
    },
    resolve: async (_root, args, ctx) => {
      const batch = await ctx.services.withdrawals.exportForSigning(
        ctx.actor,
        args.kind,
        paramsOf(args),
        {
          layout: args.layout,
          expectedCount: args.expectedCount ?? undefined,
          fingerprint: args.fingerprint,
          callName: WITHDRAWAL_LIST_CALLS[args.kind],
          write: SIGNING_CSV_SET,
        },
      );
      return linkOf(ctx, batch);
    },
  }),
);

commandMutation(
  SIGNING_EXPORT,
  {
    description: `The signing export as a mutation (what the web app calls): the approved requests of the kind matching searchParams become processing in one new batch, and the answer is its download link. ${SCOPE_NOTE} expectedCount is required (the count the confirmation showed, from withdrawalSigningExportPreview), and the web app sends the preview's fingerprint. clientKey (16-64 of A-Z a-z 0-9 - _, new for each confirmation) makes it idempotent: the same admin sending the same key again gets the same batch back (a fresh link) and nothing is exported twice; the key with other arguments is BAD_USER_INPUT.`,
    type: SigningExportRef,
    authScopes: { write: true },
    resolve: async ({ kind, searchParams, ...input }, ctx) => {
      const batch = await ctx.services.withdrawals.exportForSigning(
        ctx.actor,
        kind,
        searchParams ?? {},
        { ...input, callName: WITHDRAWAL_LIST_CALLS[kind], write: SIGNING_EXPORT_SET },
      );
      return linkOf(ctx, batch);
    },
  },
  { kind: WithdrawalKindRef, layout: LayoutRef, searchParams: WithdrawalSearchParamsRef },
);

builder.queryField('withdrawalSigningExportPreview', (t) =>
  t.field({
    description:
      'What a signing export of the kind and searchParams would take now (changes nothing): the count to send as expectedCount, the fingerprint to send with it, the total per coin, and the requests whose approvals no longer suffice.',
    type: PreviewRef,
    authScopes: { write: true },
    args: {
      kind: t.arg({ type: WithdrawalKindRef, required: true }),
      searchParams: t.arg({ type: WithdrawalSearchParamsRef, required: false }),
    },
    resolve: (_root, args, ctx) =>
      ctx.services.withdrawals.exportPreview(args.kind, args.searchParams ?? {}),
  }),
);

builder.queryField('withdrawalExportBatchCsv', (t) =>
  t.field({
    description:
      'The download link of an earlier signing export in a layout (default: the one exported), to download the same file again, byte for byte (changes nothing).',
    type: SigningExportRef,
    authScopes: { write: true },
    args: {
      batchId: t.arg.id({ required: true }),
      layout: t.arg({ type: LayoutRef, required: false }),
    },
    resolve: async (_root, args, ctx) =>
      linkOf(
        ctx,
        await ctx.services.withdrawals.batch(String(args.batchId)),
        args.layout ?? undefined,
      ),
  }),
);

pagedListQuery(EXPORT_BATCHES_LIST.call, {
  type: 'WithdrawalExportBatchList',
  item: ExportBatchRef,
  description: 'The signing exports of a kind, newest first, each with its files.',
  authScopes: { authenticated: true },
  sortTargets: EXPORT_BATCHES_LIST.sortTargets,
  defaultSort: EXPORT_BATCHES_LIST.defaultSort,
  args: (arg) => ({ kind: arg({ type: WithdrawalKindRef, required: true }) }),
  load: async (args, page, ctx) => {
    const result = await ctx.services.withdrawals.batches(
      args.kind,
      page.limit,
      page.offset,
      page.sort?.orderBy,
    );
    const files = await ctx.services.withdrawals.batchFiles(result.rows.map((r) => r.id));
    return {
      ...result,
      rows: result.rows.map((r) => ({ ...r, files: files.filter((f) => f.batchId === r.id) })),
    };
  },
});
