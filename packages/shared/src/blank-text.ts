/**
 * "Blank is blank": one rule for every required text (a reject or fail reason, a
 * notification's title and content, an admin's user name, …), used by the web forms, the
 * API and, with the same ranges, the database (migration 0120's `has_visible_text(text)`).
 *
 * A text is blank when it has no code point outside INVISIBLE_RANGES, the union of
 *
 * - `White_Space` (space, tab, line breaks, U+00A0, U+1680, U+2000–U+200A, U+2028/9,
 *   U+202F, U+205F, U+3000),
 * - `Cc`, the control characters U+0000–U+001F and U+007F–U+009F,
 * - `Cf`, the format characters (soft hyphen, zero-width space, non-joiner and joiner
 *   U+200B–U+200D, the bidirectional marks and isolates, word joiner U+2060, invisible
 *   operators, U+FEFF, interlinear annotation marks, Egyptian and shorthand format
 *   controls, musical beams, tags U+E0001–U+E007F), except the prepended concatenation
 *   marks (U+0600–U+0605, U+06DD, U+070F, U+0890–U+0891, U+08E2, U+110BD, U+110CD), which
 *   draw a visible sign of their own,
 * - `Default_Ignorable_Code_Point` (combining grapheme joiner U+034F, the Hangul fillers
 *   U+115F, U+1160, U+3164, U+FFA0, Khmer inherent vowels, Mongolian variation selectors,
 *   variation selectors U+FE00–U+FE0F and U+E0100–U+E01EF, U+FFF0–U+FFF8 and the rest of
 *   U+E0000–U+E0FFF),
 * - U+2800 BRAILLE PATTERN BLANK, a symbol that draws nothing.
 *
 * Any other code point is visible text, including a lone combining mark. The ranges are
 * fixed here (checked against Unicode 17's properties by blank-text.test.ts), so the
 * browser, Node and PostgreSQL agree whatever Unicode version each of them ships.
 */
export const INVISIBLE_RANGES: ReadonlyArray<readonly [number, number]> = [
  [0x0000, 0x0020],
  [0x007f, 0x00a0],
  [0x00ad, 0x00ad],
  [0x034f, 0x034f],
  [0x061c, 0x061c],
  [0x115f, 0x1160],
  [0x1680, 0x1680],
  [0x17b4, 0x17b5],
  [0x180b, 0x180f],
  [0x2000, 0x200f],
  [0x2028, 0x202f],
  [0x205f, 0x206f],
  [0x2800, 0x2800],
  [0x3000, 0x3000],
  [0x3164, 0x3164],
  [0xfe00, 0xfe0f],
  [0xfeff, 0xfeff],
  [0xffa0, 0xffa0],
  [0xfff0, 0xfffb],
  [0x13430, 0x1343f],
  [0x1bca0, 0x1bca3],
  [0x1d173, 0x1d17a],
  [0xe0000, 0xe0fff],
];

/**
 * Examples of the rule, [text, blank]: the web app, the API and the database must judge
 * each alike (blank-text.test.ts in TypeScript, blank-text-db.test.ts in SQL on both engines).
 */
export const BLANK_TEXT_EXAMPLES: ReadonlyArray<readonly [string, boolean]> = [
  ['', true],
  [' ', true],
  ['   \t\r\n', true],
  ['\u200b', true],
  ['\u200b\u200c\u200d', true],
  ['\u2060', true],
  ['\ufeff', true],
  ['\u00a0\u3000\u2007\u202f', true],
  ['\u00ad', true],
  ['\u200e\u200f\u202a\u202e\u2066\u2069', true],
  ['\u180e', true],
  ['\u034f', true],
  ['\u115f\u1160\u3164\uffa0', true],
  ['\ufe0f\ufe00', true],
  ['\u2800', true],
  ['\u{e0001}\u{e0020}\u{e007f}', true],
  ['\u{e0100}', true],
  ['\u{1d173}', true],
  ['\u{13430}', true],
  ['\u0085\u0001\u001f\u007f', true],
  ['a', false],
  [' a ', false],
  ['\u200bx\u200b', false],
  ['あ', false],
  ['\u3000理由\u3000', false],
  ['0', false],
  ['.', false],
  ['\u0301', false],
  ['\u0600', false],
  ['\u{110bd}', false],
  ['\u{1f600}', false],
  ['\ufffc', false],
  ['\u2801', false],
  ['\u{e1000}', false],
  ['\u061b', false],
];

/** Whether one code point is invisible (inside INVISIBLE_RANGES). */
export function isInvisibleCodePoint(codePoint: number): boolean {
  for (const [from, to] of INVISIBLE_RANGES) {
    if (codePoint < from) return false;
    if (codePoint <= to) return true;
  }
  return false;
}

/** True when the text is missing or holds nothing but invisible code points. */
export function isBlankText(value: string | null | undefined): boolean {
  if (value === null || value === undefined) return true;
  for (const character of value) {
    if (!isInvisibleCodePoint(character.codePointAt(0)!)) return false;
  }
  return true;
}

/** The opposite of isBlankText, for a required text: it has at least one visible character. */
export function hasVisibleText(value: string | null | undefined): value is string {
  return !isBlankText(value);
}

/**
 * The regular-expression bracket body of INVISIBLE_RANGES in PostgreSQL's syntax
 * (`\uXXXX`, `\UXXXXXXXX`), as migration 0120 writes it: `text ~ '[^<body>]'` is
 * has_visible_text. The migration's text is compared with this by blank-text-db.test.ts.
 * U+0000 is left out: PostgreSQL text cannot hold it.
 */
export function postgresInvisibleClass(): string {
  const escape = (codePoint: number) =>
    codePoint > 0xffff
      ? `\\U${codePoint.toString(16).toUpperCase().padStart(8, '0')}`
      : `\\u${codePoint.toString(16).toUpperCase().padStart(4, '0')}`;
  return INVISIBLE_RANGES.map(([from, to]) => {
    const start = Math.max(from, 1);
    return start === to ? escape(start) : `${escape(start)}-${escape(to)}`;
  }).join('');
}
