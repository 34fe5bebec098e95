import { describe, expect, it } from 'vitest';
import { ERROR_CODES, isErrorCode } from './error-codes';
import { DEFAULT_LOCALE, DEFAULT_PAGE_SIZE, SUPPORTED_LOCALES } from './constants';

describe('shared constants', () => {
  it('follow spec section 9', () => {
    expect(DEFAULT_PAGE_SIZE).toBe(20);
    expect(DEFAULT_LOCALE).toBe('ja');
    expect([...SUPPORTED_LOCALES]).toEqual(['ja', 'en']);
  });

  it('recognise only declared error codes', () => {
    for (const code of ERROR_CODES) expect(isErrorCode(code)).toBe(true);
    expect(isErrorCode('SOMETHING_ELSE')).toBe(false);
    expect(isErrorCode(undefined)).toBe(false);
  });
});
