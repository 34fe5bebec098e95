import { describe, expect, it } from 'vitest';
import {
  BLANK_TEXT_EXAMPLES,
  INVISIBLE_RANGES,
  isBlankText,
  isInvisibleCodePoint,
  postgresInvisibleClass,
} from './blank-text';
import { checkUserName } from './validation';

describe('isBlankText, the one "blank" rule', () => {
  it.each(BLANK_TEXT_EXAMPLES.map(([text, blank]) => [JSON.stringify(text), text, blank] as const))(
    '%s is blank: %s',
    (_name, text, blank) => {
      expect(isBlankText(text)).toBe(blank);
    },
  );

  it('null and undefined are blank', () => {
    expect(isBlankText(null)).toBe(true);
    expect(isBlankText(undefined)).toBe(true);
  });

  it('its ranges are exactly White_Space, Cc, Cf without the prepended concatenation marks, Default_Ignorable_Code_Point and U+2800 of this runtime’s Unicode', () => {
    const property = /^[\p{White_Space}\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}\u2800]$/u;
    const prependedConcatenationMarks =
      /^[\u0600-\u0605\u06dd\u070f\u0890\u0891\u08e2\u{110bd}\u{110cd}]$/u;
    const differences: string[] = [];
    for (let codePoint = 0; codePoint <= 0x10ffff; codePoint++) {
      if (codePoint >= 0xd800 && codePoint <= 0xdfff) continue;
      const character = String.fromCodePoint(codePoint);
      const expected = property.test(character) && !prependedConcatenationMarks.test(character);
      if (expected !== isInvisibleCodePoint(codePoint)) differences.push(codePoint.toString(16));
    }
    expect(differences).toEqual([]);
  });

  it('the ranges are sorted and apart (the lookup stops at the first range past a code point)', () => {
    for (let i = 1; i < INVISIBLE_RANGES.length; i++) {
      expect(INVISIBLE_RANGES[i]![0]).toBeGreaterThan(INVISIBLE_RANGES[i - 1]![1] + 1);
      expect(INVISIBLE_RANGES[i]![1]).toBeGreaterThanOrEqual(INVISIBLE_RANGES[i]![0]);
    }
  });

  it('the PostgreSQL bracket names every range with escapes', () => {
    expect(postgresInvisibleClass()).toMatch(/^\\u0001-\\u0020\\u007F-\\u00A0/);
    expect(postgresInvisibleClass()).toContain('\\U000E0000-\\U000E0FFF');
  });

  it('a required form field that is blank is "required", whatever invisible characters it holds', () => {
    expect(checkUserName('\u200b\u200b\u200b\u200b')?.rule).toBe('required');
    expect(checkUserName('    ')?.rule).toBe('required');
  });
});
