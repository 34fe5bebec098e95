import { UNIT_SCALES } from '@app/shared';

/**
 * The generator's scales. Its amounts are bigints of the smallest unit (10^-scale), never JS
 * numbers, and go through the shared fixed-point helpers of `@app/shared` (decimal.ts):
 * `formatUnits`, `toUnits`, `mulUnits`, `pow10`.
 */
export const USD = UNIT_SCALES.USD;
export const BTC = UNIT_SCALES.BTC;
export const COIN = UNIT_SCALES.HEC;
/** Rates the generator draws have at most 10 decimal places (rate_value allows 18). */
export const RATE = 10;
