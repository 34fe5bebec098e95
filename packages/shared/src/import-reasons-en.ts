/**
 * Why an import refused a cell or a row, in English, by reason code (the API's
 * `ImportReasonCode`; i18next placeholders such as `{{max}}`): the web app's
 * `transactions.reasons` and the check report file the API writes, so both say the same.
 * Every code the API can give has a text here (its `ImportReasonCode` is these keys), so no
 * reason reaches the screen in the server's English.
 * One module per language: a language's catalogue carries only its own texts.
 */
export const IMPORT_REASON_TEXTS_EN = {
  required: 'A value is required',
  decimal_format: 'Not a number (such as 12.5)',
  decimal_exponent: 'Write the number in full, without an exponent such as 1e3',
  decimal_grouping: 'Write the number without thousands separators such as 1,000',
  decimal_negative: 'Must be 0 or more',
  decimal_not_positive: 'Must be more than 0',
  whole_dollars: 'Whole US dollars of {{min}} or more (such as 250)',
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
  assets_both_zero: 'assetETH and assetHEC are both 0',
  confirmed_in_future: 'confirmedAt is in the future',
  window_order: 'startAt is later than endAt',
  window_deadline: 'deadline is earlier than endAt',
  window_overlap: 'This window overlaps the window on line {{otherLine}}',
  window_empty: 'No unfixed payment was confirmed in this window (its payments are already fixed)',
  request_not_processing: 'The request is {{status}}; only a processing request can be completed',
  hash_used: 'This hash is already used by withdrawal request {{requestId}}',
  hash_repeated: 'The same hash is already on line {{firstLine}}',
  hash_missing_for_transfer: 'This request sends {{coin}}: give the hash of its {{coin}} transfer',
  hash_without_transfer: 'This request sends no {{coin}}: leave this cell empty',
  conflict: 'This row conflicts with the current data',
} as const;

/** A reason code with a translated text: every code an import can give. */
export type TranslatedImportReason = keyof typeof IMPORT_REASON_TEXTS_EN;

/** Every import/upload reason code (the API's ImportReasonCode), for tests that walk them. */
export const IMPORT_REASON_CODES = Object.keys(IMPORT_REASON_TEXTS_EN) as TranslatedImportReason[];
