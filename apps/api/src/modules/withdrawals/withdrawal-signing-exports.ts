import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { defineExport, type ExportFilterInput } from '../../platform/exports';
import { badInput } from '../../shared/list-input';
import * as repo from './withdrawal-exports-repository';
import { SIGNING_COLUMNS_V1, SIGNING_COLUMNS_V2 } from './withdrawal-exports';

/** The export engine's names of the two signing layouts (docs/api.md, "Signing exports"). */
export const SIGNING_EXPORT_NAMES = {
  v1: 'withdrawalSigningV1',
  v2: 'withdrawalSigningV2',
} as const;

function batchIdOf(input: ExportFilterInput): { batchId: string } {
  const batchId = String(input.batchId ?? '');
  if (!/^[1-9][0-9]{0,18}$/.test(batchId)) throw badInput('batchId', 'is not an id.');
  return { batchId };
}

/**
 * A signing file streams the requests of one export batch (export_batch_id), so the first
 * download and every later one are the same bytes as the hash recorded with the batch.
 */
export function withdrawalSigningExports(db: Kysely<DB>) {
  return [
    defineExport({
      name: SIGNING_EXPORT_NAMES.v1,
      fileName: 'withdrawal_signing_v1',
      parseFilters: batchIdOf,
      query: ({ batchId }) => repo.signingRowsV1(db, batchId),
      columns: SIGNING_COLUMNS_V1,
    }),
    defineExport({
      name: SIGNING_EXPORT_NAMES.v2,
      fileName: 'withdrawal_signing_v2',
      parseFilters: batchIdOf,
      query: ({ batchId }) => repo.signingRowsV2(db, batchId),
      columns: SIGNING_COLUMNS_V2,
    }),
  ];
}
