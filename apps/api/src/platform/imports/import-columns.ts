import {
  AMOUNT_DOMAINS,
  checkDecimalText,
  checkDomainValue,
  type AmountDomainName,
  type TranslatedImportReason,
} from '@app/shared';

/**
 * What one column of an import holds. Every cell is checked as written, never coerced: a value
 * that would need rounding, a thousands separator or an exponent is an error of its row.
 *
 * - `decimal`: a plain decimal string inside the database domain of the column it lands in
 *   (`coin_amount`, `usd_amount`, …: @app/shared's AMOUNT_DOMAINS, the same declaration the
 *   migration's CHECK is tested against), so a value the dry run accepts is one the apply
 *   stores; never negative; `positive` also refuses 0.
 * - `date`: an ISO-8601 date-time with its zone (`Z` or `+09:00`); a bare `2026-01-31 10:00`
 *   is refused because the operator's zone cannot be guessed.
 * - `id`: a positive whole number (a reference; the module checks it exists).
 * - `text`: at most `maxLength` characters, trimmed.
 * - `hash`: a transaction hash, 64 hex digits with an optional `0x`, stored as `0x` + lower case.
 */
export type ImportColumnType =
  | { type: 'decimal'; domain: AmountDomainName; positive?: boolean }
  | { type: 'date' }
  | { type: 'id' }
  | { type: 'text'; maxLength: number }
  | { type: 'hash' };

export type ImportColumn = ImportColumnType & {
  /** Other header names accepted besides the key itself (Japanese names welcome). */
  aliases: readonly string[];
  /** The cell may be empty (its value is then null). Default false. */
  optional?: boolean;
  /** The column may be missing from the header altogether (implies optional). Default false. */
  omittable?: boolean;
  /**
   * A rule of the value beyond its type, checked after it (the trimmed text): the rule the
   * form and the API apply too, from one definition in packages/shared (paidUsd's whole
   * dollars), so a file never takes a value the form refuses.
   */
  rule?: (text: string) => ImportReason | null;
};

export type ImportColumns<K extends string> = Record<K, ImportColumn>;

/**
 * Why a cell or a row was refused: a stable code the web app translates
 * (`transactions.reasons.<code>`, the texts of IMPORT_REASON_TEXTS_* in packages/shared, one
 * per code), with its parameters. The English message is for API callers.
 */
export type ImportReasonCode = TranslatedImportReason;

export type ImportReason = {
  code: ImportReasonCode;
  params?: Record<string, string | number>;
};

export const IMPORT_REASON_MESSAGES: Record<
  ImportReasonCode,
  (params: Record<string, string | number>) => string
> = {
  required: () => 'A value is required.',
  decimal_format: () => 'Not a decimal number such as "12.5".',
  decimal_exponent: () => 'Write the number out in full, without an exponent such as "1e3".',
  decimal_grouping: () => 'Write the number without thousands separators such as "1,000".',
  decimal_negative: () => 'Must be 0 or more.',
  decimal_not_positive: () => 'Must be more than 0.',
  whole_dollars: (p) => `Whole US dollars of ${p.min} or more (such as 250).`,
  decimal_scale: (p) => `At most ${p.max} decimal places; the value is never rounded.`,
  decimal_digits: (p) => `At most ${p.max} digits before the decimal point.`,
  date_format: () => 'Not a date-time such as "2026-01-31T10:00:00+09:00".',
  date_zone: () => 'The date-time needs its time zone, such as "Z" or "+09:00".',
  id_format: () => 'Not an id (a whole number of 1 or more).',
  text_too_long: (p) => `At most ${p.max} characters.`,
  hash_format: () => 'Not a transaction hash (64 hexadecimal digits).',
  unknown_reference: () => 'No such record.',
  duplicate_in_file: (p) => `The same row is already on line ${p.firstLine}.`,
  duplicate_of_payment: (p) =>
    `The same payment (user, plan, paidUsd, assets, confirmedAt) is already stored as payment #${p.paymentId}.`,
  assets_both_zero: () => 'assetETH and assetHEC are both 0.',
  confirmed_in_future: () => 'confirmedAt is in the future.',
  window_order: () => 'startAt is later than endAt.',
  window_deadline: () => 'deadline is earlier than endAt.',
  window_overlap: (p) => `This window overlaps the window on line ${p.otherLine}.`,
  window_empty: () =>
    'No unfixed payment was confirmed in this window (its payments are already fixed).',
  request_not_processing: (p) =>
    `The request is ${p.status}; only a processing request can be completed.`,
  hash_used: (p) => `This hash is already used by withdrawal request ${p.requestId}.`,
  hash_repeated: (p) => `The same hash is already on line ${p.firstLine}.`,
  hash_missing_for_transfer: (p) =>
    `This request sends ${p.coin}: give the hash of its ${p.coin} transfer.`,
  hash_without_transfer: (p) =>
    `This request sends no ${p.coin}: leave this cell empty (no ${p.coin} transfer to name).`,
  conflict: () => 'This row conflicts with the current data.',
};

export function reasonMessage(reason: ImportReason): string {
  return IMPORT_REASON_MESSAGES[reason.code](reason.params ?? {});
}

/** A checked cell: the value the staging table receives (text SQL casts exactly), or a reason. */
type CellResult = { ok: true; value: string | null } | { ok: false; reason: ImportReason };

const ISO_DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,3})?)?(Z|[+-]\d{2}:?\d{2})?$/i;
const HASH = /^(0x)?[0-9a-f]{64}$/i;
const ID = /^[1-9]\d{0,17}$/;
// Beyond 2^63 - 1 a bigint column would overflow; ids are far below.
const MAX_ID = 9_223_372_036_854_775_807n;

/** Checks one cell against its column; the value is trimmed first (Excel pads cells). */
export function checkCell(column: ImportColumn, raw: string): CellResult {
  const text = raw.trim();
  if (text === '') {
    return column.optional || column.omittable
      ? { ok: true, value: null }
      : { ok: false, reason: { code: 'required' } };
  }
  const checked = checkTyped(column, text);
  if (!checked.ok || !column.rule) return checked;
  const refused = column.rule(text);
  return refused ? { ok: false, reason: refused } : checked;
}

function checkTyped(column: ImportColumn, text: string): CellResult {
  switch (column.type) {
    case 'decimal':
      return checkDecimalCell(text, column.domain, column.positive ?? false);
    case 'date':
      return checkDateCell(text);
    case 'id':
      return ID.test(text) && BigInt(text) <= MAX_ID
        ? { ok: true, value: text }
        : { ok: false, reason: { code: 'id_format' } };
    case 'text':
      return text.length <= column.maxLength
        ? { ok: true, value: text }
        : { ok: false, reason: { code: 'text_too_long', params: { max: column.maxLength } } };
    case 'hash':
      return HASH.test(text)
        ? // One spelling for every hash, the one the rest of the data uses (0x + lower case), so
          // that reuse checks against hashes already stored find them in any letter case.
          { ok: true, value: `0x${text.toLowerCase().replace(/^0x/, '')}` }
        : { ok: false, reason: { code: 'hash_format' } };
  }
}

function checkDecimalCell(text: string, domain: AmountDomainName, positive: boolean): CellResult {
  const { scale } = AMOUNT_DOMAINS[domain];
  const problem = checkDecimalText(text, { scale }) ?? checkDomainValue(domain, text);
  if (problem) {
    if (problem.problem === 'format') {
      // Name the usual spreadsheet habits precisely, so the operator knows what to fix.
      if (/^-?[\d.]+e[+-]?\d+$/i.test(text)) return fail('decimal_exponent');
      if (/^-?\d{1,3}(,\d{3})+(\.\d+)?$/.test(text)) return fail('decimal_grouping');
      return fail('decimal_format');
    }
    if (problem.problem === 'negative') return fail('decimal_negative');
    if (problem.problem === 'scale') return fail('decimal_scale', { max: problem.max });
    return fail('decimal_digits', { max: problem.max });
  }
  if (positive && !/[1-9]/.test(text)) return fail('decimal_not_positive');
  // '-0' is zero; the staging cast reads it as 0.
  return { ok: true, value: text };
}

/**
 * One spelling per value, for the file's identity: a decimal without leading zeros, trailing
 * fraction zeros or a minus on zero ("01.50" and "1.5" are one value: a spreadsheet re-save
 * writes either).
 */
export function canonicalDecimal(text: string): string {
  const negative = text.startsWith('-');
  const body = negative ? text.slice(1) : text;
  const point = body.indexOf('.');
  const whole = (point < 0 ? body : body.slice(0, point)).replace(/^0+(?=\d)/, '');
  const fraction = point < 0 ? '' : body.slice(point + 1).replace(/0+$/, '');
  const value = fraction ? `${whole}.${fraction}` : whole;
  return negative && /[1-9]/.test(value) ? `-${value}` : value;
}

function checkDateCell(text: string): CellResult {
  const match = ISO_DATE_TIME.exec(text);
  if (!match) return fail('date_format');
  if (!match[8]) return fail('date_zone');
  const [, y, mo, d, h, mi, s] = match;
  const month = Number(mo);
  const day = Number(d);
  if (
    month < 1 ||
    month > 12 ||
    day < 1 ||
    Number(h) > 23 ||
    Number(mi) > 59 ||
    Number(s ?? 0) > 59
  )
    return fail('date_format');
  // Refuses 2026-02-30: JavaScript would roll it over to March.
  const daysInMonth = new Date(Date.UTC(Number(y), month, 0)).getUTCDate();
  if (day > daysInMonth) return fail('date_format');
  const zone =
    match[8].toUpperCase() === 'Z' ? 'Z' : match[8].replace(/^([+-]\d{2})(\d{2})$/, '$1:$2');
  const date = new Date(`${y}-${mo}-${d}T${h}:${mi}:${s ?? '00'}${match[7] ?? ''}${zone}`);
  if (Number.isNaN(date.getTime())) return fail('date_format');
  return { ok: true, value: date.toISOString() };
}

function fail(code: ImportReasonCode, params?: Record<string, string | number>): CellResult {
  return { ok: false, reason: params ? { code, params } : { code } };
}

/** The staging table's SQL type for a column. */
export function stagingType(column: ImportColumnType): string {
  switch (column.type) {
    case 'decimal':
      return 'numeric';
    case 'date':
      return 'timestamptz';
    case 'id':
      return 'bigint';
    case 'text':
    case 'hash':
      return 'text';
  }
}
