import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { parse } from 'csv-parse/sync';
import iconv from 'iconv-lite';
import { CsvSyntaxError, MAX_RECORD_CHARS, NtaCsvSplitter, type CsvRecord } from '../../../src/ingest/nta/nta-csv.js';
import { ntaLine, REAL_FILE } from './nta-fixtures.js';

/** The records of `text` given to the splitter in chunks cut at `cuts`. */
function split(text: string, cuts: readonly number[] = []): CsvRecord[] {
  const splitter = new NtaCsvSplitter();
  const records: CsvRecord[] = [];
  let from = 0;
  for (const cut of [...cuts, text.length]) {
    records.push(...splitter.push(text.slice(from, cut)));
    from = cut;
  }
  return [...records, ...splitter.end()];
}

/** What csv-parse, which the reader used before, makes of the same text: fields and the line each record starts on. */
function csvParse(text: string): { fields: string[]; line: number }[] {
  const rows = parse(text, { info: true, relax_column_count: true, skip_empty_lines: true }) as unknown as {
    record: string[];
    info: { lines: number };
  }[];
  return rows.map(({ record, info }) => ({
    fields: record,
    line: info.lines - record.reduce((n, f) => n + f.split('\n').length - 1, 0),
  }));
}

function syntaxError(text: string): CsvSyntaxError {
  try {
    split(text);
  } catch (err) {
    assert.ok(err instanceof CsvSyntaxError, `expected a CsvSyntaxError, got ${String(err)}`);
    return err;
  }
  return assert.fail('the text was split without error');
}

const TRICKY = [
  ntaLine(['1', '1010001001111', '株式会社"見本"', '', 'ＡＢＣ,D', '2026-01-27']),
  '2,"a ""quoted"" word","","""",x',
  '',
  '3,"two\nlines","and\nthree\nlines",end',
  '4,,,',
  '',
  '5,"last"',
].join('\n');

describe('NtaCsvSplitter', () => {
  it('splits the real daily file (Shift_JIS) as csv-parse does, at any chunk size', () => {
    const text = iconv.decode(readFileSync(REAL_FILE), 'cp932');
    const expected = csvParse(text);
    assert.equal(expected.length, 18263);
    for (const size of [65536, 4093, 977]) {
      const cuts = Array.from({ length: Math.floor(text.length / size) }, (_, i) => (i + 1) * size);
      assert.deepEqual(split(text, cuts), expected, `chunks of ${size}`);
    }
  });

  it('reads doubled quotes, commas and line breaks inside quotes, empty fields and lines, CRLF, wherever a chunk ends', () => {
    const expected = csvParse(TRICKY);
    assert.deepEqual(
      expected.map((r) => r.line),
      [1, 2, 4, 8, 10],
    );
    assert.deepEqual(expected[1]!.fields, ['2', 'a "quoted" word', '', '"', 'x']);
    assert.deepEqual(expected[2]!.fields, ['3', 'two\nlines', 'and\nthree\nlines', 'end']);
    for (let cut = 0; cut <= TRICKY.length; cut++) assert.deepEqual(split(TRICKY, [cut]), expected, `cut at ${cut}`);
  });

  it('reads CRLF line ends, keeping a CRLF inside quotes', () => {
    const crlf = `${TRICKY.replace(/\n/gu, '\r\n')}\r\n`;
    const records = split(crlf);
    assert.deepEqual(
      records.map((r) => r.line),
      [1, 2, 4, 8, 10],
    );
    assert.deepEqual(records[2]!.fields, ['3', 'two\r\nlines', 'and\r\nthree\r\nlines', 'end']);
    assert.deepEqual(
      records.map((r) => r.fields),
      csvParse(crlf).map((r) => r.fields),
    );
  });

  it('refuses a quote that never closes, naming the last line', () => {
    const err = syntaxError('1,"a"\n2,"b,c\n3,d\n');
    assert.equal(err.line, 3);
    assert.match(err.message, /^Quote Not Closed/u);
  });

  it('refuses a record that runs on past the longest a row can be, before reading further', () => {
    const splitter = new NtaCsvSplitter();
    assert.deepEqual(
      splitter.push('1,"a"\n2,"b\n').map((r) => r.line),
      [1],
    );
    assert.throws(
      () => splitter.push('x'.repeat(MAX_RECORD_CHARS)),
      (err: unknown) => err instanceof CsvSyntaxError && err.line === 2 && /^Quote Not Closed/u.test(err.message),
    );
  });

  it('refuses a character after a closing quote, and a quote inside a bare field, naming the line', () => {
    const closing = syntaxError('1,"a"\n2,"b"x\n');
    assert.equal(closing.line, 2);
    assert.match(closing.message, /^Invalid Closing Quote: got "x"/u);
    const opening = syntaxError('1,"a\nb"\n2,ab"c\n');
    assert.equal(opening.line, 3);
    assert.match(opening.message, /^Invalid Opening Quote: a quote is found in field 1/u);
  });
});
