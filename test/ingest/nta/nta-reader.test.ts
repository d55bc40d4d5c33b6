import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import iconv from 'iconv-lite';
import { NtaFormatError, openNtaReader, type NtaRecord } from '../../../src/ingest/nta/nta-reader.js';
import { buildZip } from '../../helpers/zip.js';
import { SAMPLE_FILE } from './nta-fixtures.js';

const dir = mkdtempSync(join(tmpdir(), 'kohyo-nta-reader-'));
function file(name: string, content: string | Buffer): string {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
}

async function readAll(
  path: string,
): Promise<{ records: NtaRecord[]; encoding: string | null; entry: string | null; progress: unknown }> {
  const reader = await openNtaReader(path);
  const records: NtaRecord[] = [];
  try {
    for await (const r of reader.records) records.push(r);
  } finally {
    reader.close();
  }
  return { records, encoding: reader.encoding(), entry: reader.entryName, progress: reader.progress() };
}

async function failure(path: string): Promise<NtaFormatError> {
  try {
    await readAll(path);
  } catch (err) {
    assert.ok(err instanceof NtaFormatError, `expected an NtaFormatError, got ${String(err)}`);
    return err;
  }
  return assert.fail('the file was read without error');
}

describe('openNtaReader', () => {
  it('reads the Shift_JIS sample with the line of each record', async () => {
    const { records, encoding, entry, progress } = await readAll(SAMPLE_FILE);
    assert.equal(records.length, 17);
    assert.deepEqual(
      records.map((r) => r.line),
      Array.from({ length: 17 }, (_, i) => i + 1),
    );
    assert.equal(records[0]!.fields[6], '株式会社エス・エイ・アイ');
    assert.equal(encoding, 'cp932');
    assert.equal(entry, null);
    const size = readFileSync(SAMPLE_FILE).length;
    assert.deepEqual(progress, { bytesRead: size, totalBytes: size });
  });

  it('gives the line a record starts on when a quoted field holds a newline, and skips blank lines', async () => {
    const { records } = await readAll(file('multiline.csv', 'a,b\n"x\ny\nz",w\n\n\nc,d\ne,f'));
    assert.deepEqual(
      records.map((r) => [r.line, r.fields]),
      [
        [1, ['a', 'b']],
        [2, ['x\ny\nz', 'w']],
        [7, ['c', 'd']],
        [8, ['e', 'f']],
      ],
    );
  });

  it('reads CRLF line ends', async () => {
    const { records } = await readAll(file('crlf.csv', 'a,b\r\n\r\nc,"d"\r\n'));
    assert.deepEqual(
      records.map((r) => [r.line, r.fields]),
      [
        [1, ['a', 'b']],
        [3, ['c', 'd']],
      ],
    );
  });

  it('reads the CSV entry of a zip, whatever the archive is called', async () => {
    const csv = readFileSync(SAMPLE_FILE);
    const path = file(
      'archive.bin',
      buildZip([
        { name: 'docs/', data: Buffer.alloc(0) },
        { name: 'readme.txt', data: Buffer.from('hi') },
        { name: 'sample.csv', data: csv },
      ]),
    );
    const { records, entry, progress } = await readAll(path);
    assert.equal(records.length, 17);
    assert.equal(entry, 'sample.csv');
    assert.deepEqual(progress, { bytesRead: csv.length, totalBytes: csv.length });
  });

  it('reads the UTF-8 edition with a BOM', async () => {
    const text = iconv.decode(readFileSync(SAMPLE_FILE), 'cp932');
    const { records, encoding } = await readAll(
      file('bom.csv', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)])),
    );
    assert.equal(encoding, 'utf8');
    assert.equal(records[0]!.fields[0], '1'); // no BOM left on the first field
    assert.equal(records.length, 17);
  });

  it('fails on a quote that is never closed (a file cut short), naming the line it gave up on', async () => {
    const err = await failure(file('open-quote.csv', '1,"a"\n2,"b,c\n3,d\n'));
    assert.equal(err.line, 3);
    assert.match(err.message, /^line 3: malformed CSV: Quote Not Closed/u);
  });

  it('fails on a stray quote, naming the line', async () => {
    const err = await failure(file('stray-quote.csv', '1,"a"\n2,"b"x\n'));
    assert.equal(err.line, 2);
    assert.match(err.message, /Invalid Closing Quote/u);
  });

  it('fails on a truncated zip', async () => {
    const zip = buildZip([{ name: 'sample.csv', data: readFileSync(SAMPLE_FILE) }]);
    const err = await failure(file('truncated.zip', zip.subarray(0, zip.length >> 1)));
    assert.match(err.message, /not a readable zip archive.*truncated/u);
  });

  it('fails on a zip with no CSV in it', async () => {
    const err = await failure(file('nocsv.zip', buildZip([{ name: 'readme.txt', data: Buffer.from('hi') }])));
    assert.match(err.message, /no \.csv file/u);
  });

  it('fails on a missing file', async () => {
    const err = await failure(join(dir, 'no-such-file.csv'));
    assert.match(err.message, /ENOENT/u);
  });
});
