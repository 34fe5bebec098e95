/**
 * A small RFC 4180 state machine: text in (any chunking), records out. Chosen over csv-parse,
 * papaparse and fast-csv by measurement (docs/decisions/csv-parser.md). It tolerates LF as
 * well as CRLF line ends (Excel on a Mac, hand-edited files) and reports, for each record,
 * the physical line it starts on (header = line 1), so an import can name the bad line even
 * when a quoted cell spans several lines.
 */
export type CsvRecord = { line: number; cells: string[] };

export class CsvSyntaxError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(message);
    this.name = 'CsvSyntaxError';
  }
}

const QUOTE = 34; // "
const COMMA = 44;
const LF = 10;
const CR = 13;

export class CsvTokenizer {
  private pending = '';
  private cells: string[] = [];
  private cell = '';
  private inQuotes = false;
  // A quote just closed a quoted cell: only a separator, a line end or another quote may follow.
  private afterQuote = false;
  private quotedCell = false;
  private line = 1;
  private recordLine = 1;

  /** Feeds the next piece of text; returns the records it completed. */
  push(text: string): CsvRecord[] {
    const data = this.pending + text;
    this.pending = '';
    const out: CsvRecord[] = [];
    const n = data.length;
    let i = 0;
    while (i < n) {
      if (this.inQuotes) {
        const q = data.indexOf('"', i);
        if (q === -1) {
          this.cell += data.slice(i);
          this.line += countLf(data, i, n);
          i = n;
          break;
        }
        this.cell += data.slice(i, q);
        this.line += countLf(data, i, q);
        if (q + 1 >= n) {
          // Cannot tell an escaped quote from a closing one until the next chunk.
          this.pending = '"';
          i = n;
          break;
        }
        if (data.charCodeAt(q + 1) === QUOTE) {
          this.cell += '"';
          i = q + 2;
        } else {
          this.inQuotes = false;
          this.afterQuote = true;
          i = q + 1;
        }
        continue;
      }
      const c = data.charCodeAt(i);
      if (c === COMMA) {
        this.endCell();
        i++;
      } else if (c === LF || c === CR) {
        if (c === CR) {
          if (i + 1 >= n) {
            this.pending = '\r';
            i = n;
            break;
          }
          if (data.charCodeAt(i + 1) === LF) i++;
        }
        this.endCell();
        this.endRecord(out);
        this.line++;
        this.recordLine = this.line;
        i++;
      } else if (this.afterQuote) {
        throw new CsvSyntaxError(this.line, 'A quoted cell must end at a comma or a line end.');
      } else if (c === QUOTE) {
        if (this.cell.length > 0) {
          throw new CsvSyntaxError(this.line, 'A quote may only start a cell.');
        }
        this.inQuotes = true;
        this.quotedCell = true;
        i++;
      } else {
        // Plain run up to the next special character, sliced in one go (the hot path).
        let j = i + 1;
        while (j < n) {
          const d = data.charCodeAt(j);
          if (d === COMMA || d === LF || d === CR || d === QUOTE) break;
          j++;
        }
        this.cell += data.slice(i, j);
        i = j;
      }
    }
    return out;
  }

  /** Ends the input; returns the last record when the file does not end with a line break. */
  end(): CsvRecord[] {
    if (this.inQuotes && this.pending === '"') {
      // The held-back quote was the closing one.
      this.pending = '';
      this.inQuotes = false;
      this.afterQuote = true;
    }
    if (this.inQuotes) {
      throw new CsvSyntaxError(this.recordLine, 'A quoted cell is not closed.');
    }
    const out: CsvRecord[] = [];
    if (this.pending === '\r') this.pending = '';
    if (this.cells.length > 0 || this.cell.length > 0 || this.quotedCell) {
      this.endCell();
      this.endRecord(out);
    }
    return out;
  }

  private endCell(): void {
    this.cells.push(this.cell);
    this.cell = '';
    this.afterQuote = false;
    this.quotedCell = false;
  }

  private endRecord(out: CsvRecord[]): void {
    const cells = this.cells;
    this.cells = [];
    // A blank line is not a record (common at the end of hand-edited files).
    if (cells.length === 1 && cells[0] === '') return;
    out.push({ line: this.recordLine, cells });
  }
}

function countLf(data: string, from: number, to: number): number {
  let count = 0;
  let at = data.indexOf('\n', from);
  while (at !== -1 && at < to) {
    count++;
    at = data.indexOf('\n', at + 1);
  }
  return count;
}
