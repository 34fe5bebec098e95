import { createHash } from 'node:crypto';
import { AppError } from '../../shared/app-error';
import { badInput } from '../../shared/list-input';

/**
 * Confirmed sets (docs/domain.md, "A confirmed set is a fingerprint"): a write that acts on a
 * set the operator was shown (a signing export, "approve / reject all N matching", mail to an
 * audience, a rate commit, an import's apply) carries the fingerprint its preview computed,
 * recomputes it in its own transaction from the rows it is about to act on (read under their
 * locks) and refuses with CONFLICT, reason LIST_CHANGED, on any difference. The count stays on
 * screen for people; the fingerprint decides. Every such write goes through `confirmSet`, and
 * nothing else answers LIST_CHANGED (confirmed-set-writes.test.ts holds both).
 */

/** A member of a set: its id and what makes it the row the operator saw (its revision). */
export type SetMember = { id: string | number; revision: string | number };

/** A set as a preview shows it and as a write finds it: its fingerprint and its size. */
export type ConfirmedSet = { fingerprint: string; count: number };

/** A write that acts on a confirmed set, declared once by its operation's name. */
export type ConfirmedSetWrite = { readonly name: string; readonly root: 'mutation' | 'query' };

/** What the caller confirmed: the preview's fingerprint and, for people, the count shown. */
export type Confirmation = {
  fingerprint?: string | null | undefined;
  expectedCount?: number | null | undefined;
};

/** The version of the fingerprint's spelling; a new spelling makes old fingerprints differ. */
const VERSION = 'confirmed-set-1';

/** A fingerprint as the API hands it out: 64 lowercase hex digits. */
export const FINGERPRINT = /^[0-9a-f]{64}$/;

/** The input field every set-write declares (its mutation's `fingerprint` argument). */
export const FINGERPRINT_INPUT = {
  fingerprint: {
    type: 'String',
    description:
      'The fingerprint of the set the operator confirmed, as its preview answered it: the write acts on exactly that set or refuses with CONFLICT (reason LIST_CHANGED) and changes nothing. Without it only the count (where given) is compared (docs/api.md, "Confirmed sets").',
  },
} as const;

/** The input field of an import (its apply's `fingerprint`: the dry run's content hash). */
export const FILE_FINGERPRINT_INPUT = {
  fingerprint: {
    type: 'String',
    description:
      'An apply: the fingerprint of the file its dry run checked (the report’s contentHash). Another file is refused with CONFLICT (reason LIST_CHANGED) and nothing changes; without it, any file applies (docs/api.md, "Confirmed sets").',
  },
} as const;

/** A scope's one spelling: object keys sorted, dates as ISO-8601, unset values left out. */
function canonical(value: unknown): string {
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined && v !== null && v !== '')
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/**
 * The fingerprint of a set: SHA-256 over what defines it (`scope`: the filter, the window, the
 * message…) and its members' `id:revision` pairs in sorted order, so the same rows at the same
 * revisions make the same fingerprint however they were read, and a swapped, added, removed or
 * changed row makes another.
 */
export function setFingerprint(scope: unknown, members: readonly SetMember[]): ConfirmedSet {
  const pairs = members.map((m) => `${m.id}:${m.revision}`).sort();
  const hash = createHash('sha256').update(`${VERSION}\u0000${canonical(scope)}\n`);
  for (const pair of pairs) hash.update(`${pair}\n`);
  return { fingerprint: hash.digest('hex'), count: pairs.length };
}

/**
 * The set of an import: its identity hash (the import engine's content hash, computed by the
 * dry run from the file's rows) is its fingerprint.
 */
export function fileFingerprint(contentHash: string, rowCount: number): ConfirmedSet {
  return { fingerprint: contentHash, count: rowCount };
}

const declared = new Map<string, ConfirmedSetWrite>();
const checked = new Set<string>();

/**
 * Declares a write that acts on a confirmed set (a mutation, or a state-changing query); the
 * handle is what `confirmSet` takes, so only declared writes can check a set.
 */
export function confirmedSetWrite(
  name: string,
  root: ConfirmedSetWrite['root'] = 'mutation',
): ConfirmedSetWrite {
  if (declared.has(name)) throw new Error(`${name} is declared as a set-write twice.`);
  const write = Object.freeze({ name, root });
  declared.set(name, write);
  return write;
}

/** Every declared set-write (the enumeration test compares them with the schema). */
export const confirmedSetWrites = (): readonly ConfirmedSetWrite[] => [...declared.values()];

/** The set-writes that have compared a set through `confirmSet` in this process (tests). */
export const checkedSetWrites = (): ReadonlySet<string> => checked;

/** Refuses a malformed fingerprint before any work (BAD_USER_INPUT, field fingerprint). */
export function checkFingerprintInput(fingerprint: string | null | undefined): void {
  if (fingerprint === null || fingerprint === undefined) return;
  if (!FINGERPRINT.test(fingerprint))
    throw badInput('fingerprint', 'must be the fingerprint the preview answered.');
}

/**
 * The one check: called inside the write's transaction with the set it is about to act on,
 * read under its locks. A confirmed fingerprint must equal the set's; without one (an API
 * client of the spec's calls), a confirmed count must equal its size. Any difference refuses
 * the write (CONFLICT, LIST_CHANGED) and its transaction changes nothing.
 */
export function confirmSet(
  write: ConfirmedSetWrite,
  confirmed: Confirmation,
  actual: ConfirmedSet,
): void {
  if (declared.get(write.name) !== write)
    throw new Error(`${write.name} is not a declared set-write.`);
  checked.add(write.name);
  const fingerprint = confirmed.fingerprint ?? null;
  const expectedCount = confirmed.expectedCount ?? null;
  const changed =
    fingerprint !== null
      ? fingerprint !== actual.fingerprint
      : expectedCount !== null && expectedCount !== actual.count;
  if (!changed) return;
  const seen = expectedCount ?? actual.count;
  throw new AppError(
    'CONFLICT',
    fingerprint !== null
      ? `The set changed since it was confirmed (${seen} then, ${actual.count} now, compared row by row). Nothing was changed; check it again.`
      : `The list changed: ${actual.count} match now, not ${seen}. Nothing was changed; reload and check the list again.`,
    {
      reason: 'LIST_CHANGED',
      expectedCount: seen,
      matchingCount: actual.count,
      params: { expectedCount: seen, matchingCount: actual.count },
    },
  );
}
