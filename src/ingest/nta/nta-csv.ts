// The records of an NTA CSV file from its decoded text: its quoting is simple enough for a splitter of its own.
// The NTA writes text fields between double quotes (a quote inside one doubled) and codes and dates bare, one record a
// line ended by LF or CRLF; a quoted field may hold a line break. Reading the whole register, this splitter costs a
// fraction of what csv-parse does, which needs the decoded text turned back into bytes and builds an object per record.

export interface CsvRecord {
  readonly fields: string[];
  /** 1-based line on which the record starts. */
  readonly line: number;
}

/** Text that is not CSV as the NTA writes it; `line` is where the splitter gave up. */
export class CsvSyntaxError extends Error {
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(message);
  }
}

/** An NTA row is a few hundred characters; one this long is a quote that never closes. */
export const MAX_RECORD_CHARS = 1 << 20;

/**
 * Splits text given a chunk at a time into records. Empty lines are skipped; a record may have any number of fields
 * (the row decoder counts them). As strict as csv-parse without relax_quotes: a quote inside a bare field, anything
 * but a comma or the line's end after a closing quote, and a quote still open at the end are errors.
 */
export class NtaCsvSplitter {
  /** Text after the last complete record. */
  private rest = '';
  /** The line the text in `rest` starts on. */
  private line = 1;

  /** The complete records in the text so far; the rest waits for the next chunk or end(). */
  push(text: string): CsvRecord[] {
    return this.split(this.rest === '' ? text : this.rest + text, false);
  }

  /** The last record, when the text does not end with a line break. */
  end(): CsvRecord[] {
    const text = this.rest;
    return text === '' ? [] : this.split(text, true);
  }

  private split(text: string, final: boolean): CsvRecord[] {
    const records: CsvRecord[] = [];
    let start = 0;
    while (start < text.length) {
      const record = readRecord(text, start, this.line, final);
      if (record === null) break;
      if (record.fields.length > 0) records.push({ fields: record.fields, line: this.line });
      this.line += record.breaks;
      start = record.next;
    }
    this.rest = text.slice(start);
    // only an open quote makes a record run past its line; a file with a stray one is not read to its end first
    if (this.rest.length > MAX_RECORD_CHARS) {
      throw new CsvSyntaxError(
        `Quote Not Closed: a record runs on for more than ${MAX_RECORD_CHARS} characters (CSV_QUOTE_NOT_CLOSED)`,
        this.line,
      );
    }
    return records;
  }
}

interface RecordRead {
  /** Empty for an empty line. */
  readonly fields: string[];
  /** Where the next record starts. */
  readonly next: number;
  /** Line breaks read, the one ending the record included. */
  readonly breaks: number;
}

const QUOTE = 34;
const COMMA = 44;
const LF = 10;
const CR = 13;

/**
 * The record starting at `start`, on `line`; null when the text ends before it does (unless `final`: the text's end
 * ends it). A CR before the LF is the CRLF's.
 */
function readRecord(text: string, start: number, line: number, final: boolean): RecordRead | null {
  const fields: string[] = [];
  let breaks = 0;
  let pos = start;
  // the next line break and comma, looked up again only once passed
  let lf = text.indexOf('\n', pos);
  let comma = -1;
  if (lf === start || (lf === start + 1 && text.charCodeAt(start) === CR)) return { fields, next: lf + 1, breaks: 1 };
  for (;;) {
    if (text.charCodeAt(pos) === QUOTE) {
      let value = '';
      let from = pos + 1;
      for (;;) {
        const quote = text.indexOf('"', from);
        if (quote < 0) {
          if (final)
            throw new CsvSyntaxError(
              'Quote Not Closed: the parsing is finished with an opening quote (CSV_QUOTE_NOT_CLOSED)',
              line + breaks + countBreaks(text, from, text.length) - (text.endsWith('\n') ? 1 : 0),
            );
          return null;
        }
        if (text.charCodeAt(quote + 1) === QUOTE) {
          value += text.slice(from, quote + 1);
          from = quote + 2;
          continue;
        }
        value += text.slice(from, quote);
        pos = quote + 1;
        break;
      }
      if (lf >= 0 && lf < pos) {
        // the quoted field held line breaks
        breaks += countBreaks(value, 0, value.length);
        lf = text.indexOf('\n', pos);
      }
      fields.push(value);
      const next = text.charCodeAt(pos);
      if (next === COMMA) {
        pos++;
        continue;
      }
      if (next === LF) return { fields, next: pos + 1, breaks: breaks + 1 };
      if (next === CR && text.charCodeAt(pos + 1) === LF) return { fields, next: pos + 2, breaks: breaks + 1 };
      if (pos >= text.length || (next === CR && pos + 1 >= text.length)) {
        if (!final) return null;
        return { fields, next: text.length, breaks };
      }
      throw new CsvSyntaxError(
        `Invalid Closing Quote: got "${text.charAt(pos)}" instead of delimiter or record delimiter (CSV_INVALID_CLOSING_QUOTE)`,
        line + breaks,
      );
    }
    if (comma < pos) comma = text.indexOf(',', pos);
    const last = comma < 0 || (lf >= 0 && lf < comma);
    if (last && lf < 0 && !final) return null;
    let end = last ? (lf < 0 ? text.length : lf) : comma;
    const next = end + 1;
    if (last && end > pos && text.charCodeAt(end - 1) === CR) end--;
    const value = text.slice(pos, end);
    if (value.includes('"')) {
      throw new CsvSyntaxError(
        `Invalid Opening Quote: a quote is found in field ${fields.length} (CSV_INVALID_OPENING_QUOTE)`,
        line + breaks,
      );
    }
    fields.push(value);
    if (last) return { fields, next: Math.min(next, text.length), breaks: breaks + (lf < 0 ? 0 : 1) };
    pos = next;
  }
}

function countBreaks(text: string, from: number, to: number): number {
  let n = 0;
  for (let i = text.indexOf('\n', from); i >= 0 && i < to; i = text.indexOf('\n', i + 1)) n++;
  return n;
}
