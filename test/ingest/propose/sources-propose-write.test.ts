// A made-up list, as a new user would bring it: twelve rows of 事業者名, 所在地, 処分日, 処分内容, 根拠法令, one date impossible,
// one row repeated, one cell holding an escape and a direction override. `sources propose` says which column would give
// the summary an enforcement needs, and on its first run which rows it would skip and why; given the column and what
// the table cannot tell, `--write` writes the source file, which `sources try` and `collect` read at once; what would
// not load, or would take another source's id or file, is not written.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../../../src/cli.js';
import { capturedIo } from '../../helpers/captured-io.js';

const ROWS = [
  ['株式会社見本運輸', '東京都千代田区霞が関1-2-2', '令和7年3月14日', '是正勧告', '労働基準法第32条'],
  ['見本食品株式会社', '大阪府大阪市北区中之島1-3-20', '令和7年4月2日', '送検', '労働安全衛生法第20条'],
  ['有限会社テスト工業', '愛知県名古屋市中区三の丸3-1-2', '令和7年2月30日', '送検', '労働基準法第24条'],
  ['株式会社サンプル建設', '北海道札幌市中央区北1条西2', '令和7年5月20日', '送検', '労働安全衛生法第21条'],
  ['株式会社見本運輸', '東京都千代田区霞が関1-2-2', '令和7年3月14日', '是正勧告', '労働基準法第32条'],
  ['株式会社\x1b[31m赤字\u202e商事', '福岡県福岡市中央区天神1-8-1', '令和7年6月1日', '送検', '労働基準法第37条'],
  ['株式会社例示物流', '宮城県仙台市青葉区本町3-8-1', '令和7年6月10日', '送検', '労働安全衛生法第100条'],
  ['例示製作所株式会社', '広島県広島市中区基町10-52', '令和7年6月12日', '送検', '最低賃金法第4条'],
  ['株式会社見本鉄工', '新潟県新潟市中央区新光町4-1', '令和7年6月20日', '送検', '労働基準法第15条'],
  ['株式会社テスト電機', '香川県高松市番町4-1-10', '令和7年7月1日', '送検', '労働安全衛生法第61条'],
  ['見本観光株式会社', '沖縄県那覇市泉崎1-2-2', '令和7年7月8日', '送検', '労働基準法第32条'],
  ['株式会社サンプル農園', '熊本県熊本市中央区水前寺6-18-1', '令和7年7月15日', '送検', '労働基準法第24条'],
];
const CSV = ['事業者名,所在地,処分日,処分内容,根拠法令', ...ROWS.map((row) => row.join(','))].join('\n');

const ID = 'made-labour-actions';
const GIVEN = [
  '--id',
  ID,
  '--publisher',
  'pref_13',
  '--title',
  '見本の処分一覧',
  '--url',
  'https://www.example.go.jp/a.csv',
];

function place() {
  const dir = mkdtempSync(join(tmpdir(), 'kohyo-propose-'));
  writeFileSync(join(dir, 'shobun.csv'), CSV);
  const env = { KOHYO_DB: join(dir, 'walk.sqlite'), KOHYO_SOURCES_DIR: join(dir, 'sources') };
  const run = async (...args: string[]) => {
    const { out, err, io } = capturedIo('2026-11-26T03:00:00Z', { env });
    const code = await runCli(args, io);
    return { code, out: out.join('\n'), err: err.join('\n') };
  };
  return { dir, list: join(dir, 'shobun.csv'), sources: join(dir, 'sources'), run };
}

test('the first run says which column would give the summary, with the option that maps it, and the rows it would skip', async () => {
  const { list, sources, run } = place();
  const proposed = await run('sources', 'propose', '--file', list);
  assert.equal(proposed.code, 0, proposed.err);
  assert.match(
    proposed.out,
    /^needs: summary, which an enforcement must have \(what was done, in the publisher's words: an enforcement's account of its case\): no column's header names it \(事案概要, 事案の概要, 違反内容, 違反の概要, …\); name the column that holds it with --column summary=HEADER \(of this table's: 「処分内容」 \(read as action_type\), 「根拠法令」 \(read as law\)\)$/mu,
  );
  // the rows skipped whatever column comes to give it, told now, as `sources try` tells them
  assert.match(proposed.out, /^2 row\(s\) it would skip, whatever gives summary$/mu);
  assert.match(
    proposed.out,
    /^ {2}skipped row 4: unreadable: column 「処分日」: '令和7年2月30日': .*2025-02 has no day 30/mu,
  );
  assert.match(proposed.out, /^ {2}skipped row 6: the same row as row 2, kept once$/mu);
  // nothing raw reaches the terminal: the escape and the override are printed as escapes
  assert.doesNotMatch(proposed.out, /[\x1b\u202e]/u);
  assert.match(proposed.out, /nothing was written$/u);
  assert.equal(existsSync(sources), false);
});

test('given the column and what the table cannot tell, --write writes the file that try and collect read at once', async () => {
  const { list, sources, run } = place();
  const refused = await run('sources', 'propose', '--file', list, ...GIVEN, '--write');
  assert.equal(refused.code, 1, 'summary is still to be given');
  assert.match(refused.err, /not written: summary still to be given \(the needs above say how\)/u);
  assert.equal(existsSync(sources), false);

  const written = await run('sources', 'propose', '--file', list, '--column', 'summary=処分内容', ...GIVEN, '--write');
  assert.equal(written.code, 0, written.err);
  assert.doesNotMatch(written.out, /^needs: /mu);
  assert.match(written.out, /^10 record\(s\) it would give, read by the csv-table reader and validated/mu);
  assert.match(
    written.out,
    /^ {2}row 7: 2025-06-01 「株式会社\\x1b\[31m赤字\\u202e商事」 .*pref_13: prosecution_referral/mu,
  );
  assert.match(written.out, new RegExp(`^wrote ${join(sources, ID)}\\.yaml: from now on every command reads it`, 'mu'));
  assert.deepEqual(readdirSync(sources), [`${ID}.yaml`], 'one file, no draft left');
  const file = readFileSync(join(sources, `${ID}.yaml`), 'utf8');
  assert.match(file, /^ {4}summary: \[処分内容\]$/mu);
  assert.match(file, /^publisher: pref_13$/mu);

  const tried = await run('sources', 'try', ID, '--file', list);
  assert.equal(tried.code, 0, tried.err);
  assert.match(tried.out, /^rows: 12 read, 10 kept as records, 2 skipped$/mu);
  const collected = await run('collect', ID, '--file', list);
  assert.equal(collected.code, 0, collected.err);
  assert.match(collected.out, new RegExp(`^\\[1/1\\] ${ID}: success, 10 records`, 'mu'));
  // the cell is stored cleaned: its escape and its override removed where every record is validated
  assert.doesNotMatch(collected.out, /[\x1b\u202e]/u);

  // written once: the same id again is another source's now, and a file there is never replaced
  const again = await run('sources', 'propose', '--file', list, '--column', 'summary=処分内容', ...GIVEN, '--write');
  assert.equal(again.code, 1);
  assert.match(again.err, new RegExp(`not written: the registry has a source '${ID}' already`, 'u'));
  assert.equal(readFileSync(join(sources, `${ID}.yaml`), 'utf8'), file);
});

test('--write takes no id of a module, no id that is a path, and needs what the table cannot tell', async () => {
  const { list, sources, run } = place();
  const given = (id: string) => GIVEN.map((value, i) => (GIVEN[i - 1] === '--id' ? id : value));
  const module = await run(
    'sources',
    'propose',
    '--file',
    list,
    '--column',
    'summary=処分内容',
    ...given('jftc-actions'),
    '--write',
  );
  assert.equal(module.code, 1);
  assert.match(module.err, /not written: the registry has a source 'jftc-actions' already/u);
  for (const id of ['../../etc/cron', 'Made-List', 'a/b']) {
    const escaped = await run('sources', 'propose', '--file', list, ...given(id), '--write');
    assert.equal(escaped.code, 2, id);
    assert.match(escaped.err, /--id '.*' is not lower-case ASCII words joined by '-'/u);
  }
  const unnamed = await run('sources', 'propose', '--file', list, '--write');
  assert.equal(unnamed.code, 2);
  assert.match(unnamed.err, /--write needs --id ID, --publisher CODE, --title TITLE and --url U/u);
  const header = await run('sources', 'propose', '--file', list, '--column', 'summary=概要');
  assert.equal(header.code, 1);
  assert.match(header.err, /--column names 「概要」, no header of its table \(「事業者名」, 「所在地」/u);
  assert.equal(existsSync(sources), false);
});
