import type { MoneyUnit } from './decimal-text';

/**
 * The units an export column may state that are words, not codes. The API writes the English
 * text (API clients read it as it is); the download centre shows each in the admin's language
 * (`exports.units.<code>`), found by its text. A coin code (`MoneyUnit`) is shown as it is.
 */
export const EXPORT_UNIT_WORDS = {
  zonedDateTime: 'ISO-8601 with the business time zone offset',
  isoDate: 'YYYY-MM-DD',
  rewardRateFraction: 'fraction (0.035 = 3.5%)',
  bonusRateFraction: 'fraction (0.05 = 5%)',
  ethPerBtc: 'ETH per BTC',
  hecPerBtc: 'HEC per BTC',
  coinType: 'coinType',
  coin: 'coin',
} as const;

type ExportUnitWord = keyof typeof EXPORT_UNIT_WORDS;

/** What an export column's `unit` may be: a coin code or one of the words above. */
export type ExportUnit = MoneyUnit | (typeof EXPORT_UNIT_WORDS)[ExportUnitWord];

/** The word's code of a unit text, or null for a coin code (or an unknown text). */
export function exportUnitWord(unit: string): ExportUnitWord | null {
  const entry = Object.entries(EXPORT_UNIT_WORDS).find(([, text]) => text === unit);
  return entry ? (entry[0] as ExportUnitWord) : null;
}
