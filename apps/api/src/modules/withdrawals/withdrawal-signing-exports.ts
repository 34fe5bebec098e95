import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { defineExport, type ExportFilterInput, type StoredFile } from '../../platform/exports';
import { notFound, notAnId } from '../../shared/list-input';
import * as repo from './withdrawal-exports-repository';
import { SIGNING_COLUMNS_V1, SIGNING_COLUMNS_V2 } from './withdrawal-exports';

/** The export engine's names of the two signing layouts (docs/api.md, "Signing exports"). */
export const SIGNING_EXPORT_NAMES = {
  v1: 'withdrawalSigningV1',
  v2: 'withdrawalSigningV2',
} as const;

function batchIdOf(input: ExportFilterInput): { batchId: string } {
  const batchId = String(input.batchId ?? '');
  if (!/^[1-9][0-9]{0,18}$/.test(batchId)) throw notAnId('batchId', 'is not an id.');
  return { batchId };
}

/** A batch's kept bytes: every download of it sends exactly what the first one did. */
function storedBatch(db: Kysely<DB>, layout: 'v1' | 'v2') {
  return async ({ batchId }: { batchId: string }): Promise<StoredFile> => {
    const file = await repo.batchFile(db, batchId, layout);
    if (!file) throw notFound('exportBatch', batchId);
    return { content: file.content, rows: file.requestCount, fileName: file.fileName };
  };
}

/**
 * A signing file is the bytes kept with its export batch (withdrawal_export_batches.content),
 * so the first download and every later one are byte-identical, with the hash recorded with
 * the batch, whatever changed since (a user's email, a request's state). `query` is the SQL
 * those bytes were written from (the format and preview describe it).
 */
export function withdrawalSigningExports(db: Kysely<DB>) {
  return [
    defineExport({
      name: SIGNING_EXPORT_NAMES.v1,
      fileName: 'withdrawal_signing_v1',
      // Addresses and emails of what is about to be paid: an admin who may export for signing.
      access: 'write',
      parseFilters: batchIdOf,
      query: ({ batchId }) => repo.signingRowsV1(db, batchId),
      stored: storedBatch(db, 'v1'),
      columns: SIGNING_COLUMNS_V1,
    }),
    defineExport({
      name: SIGNING_EXPORT_NAMES.v2,
      fileName: 'withdrawal_signing_v2',
      access: 'write',
      parseFilters: batchIdOf,
      query: ({ batchId }) => repo.signingRowsV2(db, batchId),
      stored: storedBatch(db, 'v2'),
      columns: SIGNING_COLUMNS_V2,
    }),
  ];
}
