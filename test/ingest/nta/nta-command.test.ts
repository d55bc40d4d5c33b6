import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import iconv from 'iconv-lite';
import { runImportNta } from '../../../src/ingest/nta/nta-command.js';
import { openReadOnly } from '../../../src/store/schema/database.js';
import { MAX_NAME_CHARS } from '../../../src/domain/records/text-bounds.js';
import { buildZip } from '../../helpers/zip.js';
import { ntaLine, REAL_FILE, SAMPLE_FILE, sampleRow, sampleRows, withFields } from './nta-fixtures.js';

const dir = mkdtempSync(join(tmpdir(), 'kohyo-nta-command-'));
let n = 0;

async function run(args: string[], dbPath = join(dir, `sub${n}`, `db${n++}.sqlite`)) {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const progress: string[] = [];
  const code = await runImportNta(args, {
    dbPath,
    now: () => new Date('2026-01-28T00:00:00Z'),
    stdout: (l) => stdout.push(l),
    stderr: (l) => stderr.push(l),
    progress: { isTTY: false, write: (t) => progress.push(t) },
  });
  return { code, stdout: stdout.join('\n'), stderr: stderr.join('\n'), progress, dbPath };
}

describe('kohyo import nta', () => {
  it('imports, creating the database where asked, and prints the summary table', async () => {
    const { code, stdout, stderr, dbPath } = await run([SAMPLE_FILE]);
    assert.equal(code, 0);
    assert.equal(stderr, '');
    assert.match(stdout, /^rows read +17$/mu);
    assert.match(stdout, /^companies inserted +8$/mu);
    assert.match(stdout, /^former names added +2$/mu);
    assert.match(stdout, /^rows skipped +0$/mu);
    assert.match(stdout, /^rows\/s +[\d,]+$/mu);
    const db = openReadOnly(dbPath);
    assert.equal((db.prepare('SELECT count(*) AS n FROM companies').get() as { n: number }).n, 8);
    db.close();
  });

  it('names each step after the rows as it begins, with the time the step before it took', async () => {
    const { code, progress } = await run([SAMPLE_FILE]);
    assert.equal(code, 0);
    const steps = progress
      .join('')
      .split('\n')
      .filter((line) => !/ rows, /u.test(line) && line !== '');
    // each step, and the one before it with its time (the file's name left out)
    const named = [
      'reading the rows and writing them',
      `${SAMPLE_FILE}: indexing the search terms`,
      `${SAMPLE_FILE}: merging the search terms' indexes`,
      `${SAMPLE_FILE}: building the index of the search terms`,
      `${SAMPLE_FILE}: building the index of the places`,
      'merging the full-text indexes',
      'counting the common trigrams and long grams',
      'refreshing the statistics',
      'checking the new dataset',
      'publishing it',
    ];
    assert.equal(steps.length, named.length + 1, steps.join('\n'));
    const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&');
    named.forEach((step, i) => {
      const before = i === 0 ? '' : ` \\(${escape(named[i - 1]!.replace(/^.*: /u, ''))}: \\d+\\.\\d s\\)`;
      assert.match(steps[i]!, new RegExp(`^${escape(step)} …${before}$`, 'u'));
    });
    assert.match(steps.at(-1)!, /^published \(publishing it: \d+\.\d s\)$/u);
  });

  it('checks a small change to a dataset by what it wrote, and a new dataset in full', async () => {
    const dbPath = join(dir, 'daily', 'kohyo.sqlite');
    const checks = (progress: string[]) => progress.join('').match(/^checking [^…]*…/gmu);
    const first = await run([REAL_FILE], dbPath);
    assert.equal(first.code, 0);
    assert.deepEqual(checks(first.progress), ['checking the new dataset …']);
    // the next day: the sample's companies renamed
    const renamed = sampleRows()
      .filter((r) => r[23] === '1' && r[2] !== '99')
      .map((r) => withFields(r, { 5: '2026-02-01', 6: '2026-02-01', 7: `${r[6]}改` }));
    const path = join(dir, 'renamed.csv');
    writeFileSync(path, iconv.encode(renamed.map((r) => `${ntaLine(r)}\n`).join(''), 'cp932'));
    const second = await run([path], dbPath);
    assert.equal(second.code, 0, second.stderr);
    assert.deepEqual(checks(second.progress), ['checking what the import changed …']);
    assert.match(second.stdout, new RegExp(`^companies updated +${renamed.length}$`, 'mu'));
  });

  it('warns about each skipped row with its file and line', async () => {
    const rows = sampleRows();
    rows.splice(1, 0, withFields(sampleRow('1010001001111'), { 6: '2026-13-01' }));
    const path = join(dir, 'one-bad.csv');
    writeFileSync(path, iconv.encode(rows.map((r) => `${ntaLine(r)}\n`).join(''), 'cp932'));
    const { code, stdout, stderr } = await run([path]);
    assert.equal(code, 0);
    assert.equal(
      stderr,
      `warning: ${path}: line 2: changeDate "2026-13-01" is not a date (YYYY-MM-DD); row skipped [date]`,
    );
    assert.match(stdout, /^rows skipped +1$/mu);
    assert.match(stdout, /^ {2}date +1$/mu);
  });

  it('adds a total column for several files', async () => {
    const { code, stdout } = await run([SAMPLE_FILE, SAMPLE_FILE]);
    assert.equal(code, 0);
    assert.match(stdout, /sample\.sjis\.csv +sample\.sjis\.csv +total/u);
    assert.match(stdout, /^unchanged +0 +8 +8$/mu);
  });

  it('fails with exit code 1 and a message naming the rejected file', async () => {
    const bad = join(dir, 'garbage.csv');
    writeFileSync(bad, 'not,an,nta,file\n');
    const { code, stdout, stderr } = await run([SAMPLE_FILE, bad, SAMPLE_FILE]);
    assert.equal(code, 1);
    assert.match(stdout, /^companies inserted +8$/mu); // the file before it was imported
    assert.match(stderr, new RegExp(`kohyo: import nta: ${bad}: not an NTA corporate-number file`, 'u'));
    assert.match(stderr, /nothing of .*garbage\.csv was applied; not imported either: .*sample\.sjis\.csv/u);
  });

  it('publishes nothing for a register ZIP of blank lines, and says so', async () => {
    const blank = join(dir, 'blank.zip');
    writeFileSync(blank, buildZip([{ name: '00_zenkoku_all.csv', data: Buffer.from('\r\n'.repeat(1000)) }]));
    const { code, stderr, dbPath } = await run([blank]);
    assert.equal(code, 1);
    assert.match(stderr, /blank\.zip: the file holds no rows: nothing to import, no new version published/u);
    assert.equal(existsSync(dbPath), false, 'no dataset was made');
  });

  it('skips a row whose field is over its bound, naming the bound, and cleans controls and escape sequences from the names it keeps, each one line', async () => {
    const long = join(dir, 'long.csv');
    const rows = sampleRows().slice(0, 3);
    const over = withFields(rows[0]!, { 7: 'あ'.repeat(MAX_NAME_CHARS + 1) });
    const dirty = withFields(rows[1]!, { 7: '見本\u001b[2J商事\u202e株式会社\u2028支店' });
    writeFileSync(long, [over, dirty, rows[2]!].map(ntaLine).join('\r\n'));
    const { code, stderr, dbPath } = await run(['--encoding', 'utf8', long]);
    assert.equal(code, 0, stderr);
    assert.match(stderr, /field 7 is 501 characters, over its bound of 500 \(MAX_NAME_CHARS\)/u);
    const db = openReadOnly(dbPath);
    const names = db.prepare('SELECT name FROM companies').all() as { name: string }[];
    db.close();
    assert.ok(
      names.some((n) => n.name === '見本商事株式会社 支店'),
      JSON.stringify(names),
    );
    assert.ok(names.every((n) => !/[\u001b\u202e\u2028]/u.test(n.name)));
  });

  it('accepts --encoding', async () => {
    const { code, stderr } = await run(['--encoding', 'utf8', SAMPLE_FILE]);
    assert.equal(code, 1);
    assert.match(stderr, /line 1: bytes that are not valid UTF-8/u);
    assert.equal((await run(['--encoding=sjis', SAMPLE_FILE])).code, 0);
  });

  const usage: readonly (readonly [string, string[], RegExp])[] = [
    ['no file', [], /no file given/u],
    ['an unknown option', ['--fast', SAMPLE_FILE], /unknown option --fast/u],
    ['an unknown encoding', ['--encoding', 'latin1', SAMPLE_FILE], /--encoding must be one of/u],
  ];
  for (const [what, args, message] of usage) {
    it(`answers ${what} with the usage and exit code 2`, async () => {
      const { code, stderr } = await run(args);
      assert.equal(code, 2);
      assert.match(stderr, message);
      assert.match(stderr, /usage: kohyo import nta/u);
    });
  }
});
