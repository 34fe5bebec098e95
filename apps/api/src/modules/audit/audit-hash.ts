import { createHash } from 'node:crypto';
import type { JsonValue } from '../../db/tables/admin-tables';

/** The prev_hash of the first row. */
export const GENESIS_HASH = '0'.repeat(64);

/** Every field of an audit row that its hash covers, in a stable shape. */
export type HashedAuditRow = {
  id: string;
  occurredAt: string;
  adminUserId: number | null;
  adminUserName: string | null;
  operation: string;
  targetType: string | null;
  targetIds: string[];
  summary: { [key: string]: JsonValue };
  requestId: string | null;
  ip: string | null;
  prevHash: string;
};

/** JSON with object keys sorted at every level, so equal values always serialise alike. */
function canonicalJson(value: JsonValue | HashedAuditRow): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item)).join(',')}]`;
  const entries = Object.entries(value as Record<string, JsonValue>)
    .filter(([, item]) => item !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
}

/** SHA-256 (hex) of the canonical JSON of a row, including the previous row's hash. */
export function hashAuditRow(row: HashedAuditRow): string {
  return createHash('sha256').update(canonicalJson(row)).digest('hex');
}

/**
 * Turns anything a service hands over (Dates, undefined, class instances) into plain JSON,
 * exactly as it will read back from the jsonb column, so the hash is reproducible.
 */
export function toJson(value: unknown): JsonValue {
  if (value === undefined) return null;
  return JSON.parse(JSON.stringify(value)) as JsonValue;
}
