import type { TranslatedImportReason } from './import-reasons-en';

/** Why an import refused a cell or a row, in Japanese (see IMPORT_REASON_TEXTS_EN). */
export const IMPORT_REASON_TEXTS_JA = {
  required: '値を入力してください',
  decimal_format: '数値ではありません（例: 12.5）',
  decimal_exponent: '指数表記（1e3 など）は使えません',
  decimal_grouping: '桁区切り（1,000 など）は使えません',
  decimal_negative: '0 以上で入力してください',
  decimal_not_positive: '0 より大きい値を入力してください',
  whole_dollars: '{{min}} 以上の整数の米ドルで入力してください（例: 250）',
  decimal_scale: '小数点以下は {{max}} 桁までです（丸めません）',
  decimal_digits: '整数部は {{max}} 桁までです',
  date_format: '日時の形式が正しくありません（例: 2026-01-31T10:00:00+09:00）',
  date_zone: 'タイムゾーン（Z や +09:00）を付けてください',
  id_format: 'ID は 1 以上の整数です',
  text_too_long: '{{max}} 文字以内にしてください',
  hash_format: 'トランザクションハッシュ（16 進 64 桁）ではありません',
  unknown_reference: '存在しません',
  duplicate_in_file: '{{firstLine}} 行目と同じ内容です',
  duplicate_of_payment:
    '同じ支払い（ユーザー、プラン、支払額 USD、資産、確定日時）が支払い #{{paymentId}} として登録済みです',
  assets_both_zero: 'assetETH と assetHEC の両方が 0 です',
  confirmed_in_future: '確定日時（confirmedAt）が未来です',
  window_order: '開始（startAt）が終了（endAt）より後です',
  window_deadline: '期限（deadline）が終了（endAt）より前です',
  window_overlap: '{{otherLine}} 行目の期間と重なっています',
  window_empty:
    'この期間に確定した未確定レートの支払いがありません（すでにレートが割り当て済みです）',
  request_not_processing:
    'この申請は「{{status}}」のため完了にできません（完了にできるのは処理中の申請のみです）',
  hash_used: 'このハッシュは出金申請 {{requestId}} ですでに使われています',
  hash_repeated: '{{firstLine}} 行目と同じハッシュです',
  hash_missing_for_transfer:
    'この申請は {{coin}} を送金します。{{coin}} の送金のハッシュを入力してください',
  hash_without_transfer: 'この申請は {{coin}} を送金しません。この欄は空のままにしてください',
  conflict: 'この行は現在のデータと矛盾しています',
} as const satisfies Record<TranslatedImportReason, string>;
