import { describe, expect, it } from 'vitest';
import { copyStatement, crlfRows, inlineParameters } from './export-copy';

describe('inlineParameters', () => {
  it('puts each literal in place of its placeholder, $10 after $1', () => {
    const literals = ["'a'", "'b'", 'NULL', "'d'", "'e'", "'f'", "'g'", "'h'", "'i'", "'it''s'"];
    expect(inlineParameters('SELECT $1, $2, $3, $10', literals)).toBe(
      "SELECT 'a', 'b', NULL, 'it''s'",
    );
  });

  it('leaves $n inside quoted literals and identifiers alone', () => {
    expect(inlineParameters(`SELECT '$1 it''s', "col$1", $1`, ["'v'"])).toBe(
      `SELECT '$1 it''s', "col$1", 'v'`,
    );
  });

  it('refuses a placeholder without a literal', () => {
    expect(() => inlineParameters('SELECT $2', ["'a'"])).toThrow(/No value for \$2/);
  });
});

describe('crlfRows', () => {
  const convert = (chunks: string[]) => {
    const next = crlfRows();
    let text = '';
    let rows = 0;
    for (const chunk of chunks) {
      const piece = next(Buffer.from(chunk));
      text += piece.bytes.toString();
      rows += piece.rows;
    }
    return { text, rows };
  };

  it('ends rows in CRLF and keeps line breaks inside quoted cells', () => {
    expect(convert(['a,b\n"x\ny",2\n'])).toEqual({ text: 'a,b\r\n"x\ny",2\r\n', rows: 2 });
  });

  it('tracks quotes across chunks, escaped quotes included', () => {
    const whole = 'a,"say ""hi""\nthere"\nplain\n';
    const split = convert(['a,"say ""h', 'i""\nthe', 're"\npla', 'in\n']);
    expect(split).toEqual(convert([whole]));
    expect(split).toEqual({ text: 'a,"say ""hi""\nthere"\r\nplain\r\n', rows: 2 });
  });
});

describe('copyStatement', () => {
  it('formats each column by its type over the export query kept as a subquery', () => {
    const text = copyStatement(
      'SELECT * FROM t WHERE x = $1',
      ["'a'"],
      ['name', 'at'],
      ['text', 'datetime'],
    );
    expect(text).toContain("WHERE x = 'a'");
    expect(text).toContain('OFFSET 0) AS export_rows) TO STDOUT WITH (FORMAT csv)');
    // Timestamps in the session's zone (the business zone, set by copyPieces), with one to_char.
    expect(text).toContain(
      `to_char(export_rows."at"::timestamptz, 'YYYY-MM-DD"T"HH24:MI:SS.MSTZH:TZM')`,
    );
  });
});
