/**
 * Why an import refused a cell or a row, in English, by reason code (the API's
 * `ImportReasonCode`; i18next placeholders such as `{{max}}`): the web app's
 * `transactions.reasons` and the check report file the API writes, so both say the same.
 * `conflict` is missing on purpose: it carries the server's own sentence (`params.detail`).
 * One module per language: a language's catalogue carries only its own texts.
 */
export const IMPORT_REASON_TEXTS_EN = {
  required: 'A value is required',
  decimal_format: 'Not a number (such as 12.5)',
  decimal_exponent: 'Write the number in full, without an exponent such as 1e3',
  decimal_grouping: 'Write the number without thousands separators such as 1,000',
  decimal_negative: 'Must be 0 or more',
  decimal_not_positive: 'Must be more than 0',
  decimal_scale: 'At most {{max}} decimal places (never rounded)',
  decimal_digits: 'At most {{max}} digits before the decimal point',
  date_format: 'Not a date-time such as 2026-01-31T10:00:00+09:00',
  date_zone: 'Add the time zone (Z or +09:00)',
  id_format: 'An id is a whole number of 1 or more',
  text_too_long: 'At most {{max}} characters',
  hash_format: 'Not a transaction hash (64 hexadecimal digits)',
  unknown_reference: 'No such record',
  duplicate_in_file: 'Same as line {{firstLine}}',
  duplicate_of_payment:
    'The same payment (user, plan, paid USD, assets, confirmed at) is already stored as payment #{{paymentId}}',
} as const;

/** A reason code with a translated text (every one but `conflict`). */
export type TranslatedImportReason = keyof typeof IMPORT_REASON_TEXTS_EN;
