import type { WithdrawalKind } from '@app/shared';
import { builder } from '../../graphql/builder';
import { pagedListQuery } from '../../graphql/pagination';
import { STATE_CHANGING_QUERY } from '../../graphql/state-changing-queries';
import { badInput } from '../../shared/list-input';
import { confirmedSetWrite } from '../../platform/confirmed-set';
import { signingExportAs } from './commands/export-for-signing';
import {
  ExportBatchRef,
  FINGERPRINT_ARG,
  LayoutRef,
  linkOf,
  PreviewRef,
  QUERY_NOTE,
  SCOPE_NOTE,
  SigningExportRef,
} from './withdrawal-exports-types';
import { WITHDRAWAL_LIST_CALLS, WithdrawalSearchParamsRef } from './withdrawal-lists-schema';
import type { SigningLayout } from './withdrawal-exports';
import { toFilter, type WithdrawalSearchInput } from './withdrawals-service';
import { WithdrawalKindRef } from './withdrawal-types';
import { EXPORT_BATCHES_LIST } from './withdrawals-list';

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

/**
 * The arguments every signing export query takes (the per-kind `<listCall>Csv` calls and
 * `withdrawalSigningCsv`): declared once, so an argument added reaches all of them.
 */
const signingExportArgs = () =>
  builder.args((t) => ({
    searchParams: t.field({ type: WithdrawalSearchParamsRef, required: false }),
    expectedCount: t.int({ required: false }),
    fingerprint: t.string({ required: false, description: FINGERPRINT_ARG }),
    requestedAtFrom: t.field({ type: 'DateTime', required: false }),
    requestedAtUntil: t.field({ type: 'DateTime', required: false }),
  }));

type SigningExportArgs = ExportArgs & {
  expectedCount?: number | null;
  fingerprint?: string | null;
};

/** Runs a signing export query: its arguments as the export takes them, in one place. */
function signingExportOf(
  ctx: Parameters<typeof signingExportAs>[0],
  args: SigningExportArgs,
  kind: WithdrawalKind,
  layout: SigningLayout,
  write: ReturnType<typeof confirmedSetWrite>,
) {
  return signingExportAs(ctx, {
    filter: toFilter(kind, paramsOf(args)),
    layout,
    expectedCount: args.expectedCount ?? undefined,
    fingerprint: args.fingerprint,
    callName: WITHDRAWAL_LIST_CALLS[kind],
    write,
  });
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
        args: signingExportArgs(),
        resolve: (_root, args, ctx) => signingExportOf(ctx, args, kind, layout, write),
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
      ...signingExportArgs(),
    },
    resolve: (_root, args, ctx) =>
      signingExportOf(ctx, args, args.kind, args.layout, SIGNING_CSV_SET),
  }),
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

pagedListQuery(EXPORT_BATCHES_LIST, {
  type: 'WithdrawalExportBatchList',
  item: ExportBatchRef,
  description: 'The signing exports of a kind, newest first, each with its files.',
  authScopes: { authenticated: true },
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
