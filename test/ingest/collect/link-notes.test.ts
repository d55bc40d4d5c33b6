// Why a collected record was linked, or not, kept with its run: `collect` prints it and `sources` shows it again.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { runCollect } from '../../../src/ingest/collect/collect-command.js';
import { runSources } from '../../../src/ingest/collect/sources-command.js';
import { offlineIo, tempDir, testSource, writeCompanies } from './collect-helpers.js';

test('a branch office, a workplace away from the registered city, two of a name: linked or not, and why', async () => {
  const dir = tempDir();
  const dbPath = join(dir, 'kohyo.sqlite');
  const [branch, workplace, twinA, twinB] = writeCompanies(dbPath, [
    { base: '927000000001', name: '見本物流株式会社', prefecture_code: '31', city: '米子市' },
    { base: '927000000002', name: '見本運送株式会社', prefecture_code: '31', city: '倉吉市' },
    { base: '927000000003', name: '見本建設株式会社', prefecture_code: '31', city: '鳥取市' },
    { base: '927000000004', name: '見本建設株式会社', prefecture_code: '31', city: '米子市' },
  ]);
  const list = join(dir, 'list.tsv');
  const row = (name: string, address: string) => [name, address, '2025-04-01', '2025-06-30', '談合'].join('\t');
  writeFileSync(
    list,
    [
      row('見本物流（株） 境港営業所', '鳥取県境港市'),
      row('見本運送（株）', '鳥取県東伯郡北栄町'),
      row('見本建設（株）', '鳥取県境港市'),
      row('見本建設', '鳥取県鳥取市'),
    ].join('\n'),
  );
  const { out, err, io } = offlineIo(dbPath, [
    testSource('test-tottori', 'https://example.go.jp/tottori.csv', 'pref_31'),
  ]);
  assert.equal(await runCollect(['test-tottori', '--file', list], io), 0, err.join('\n'));

  const db = new Database(dbPath, { readonly: true });
  const links = db
    .prepare<[], { name: string; number: string | null; link: string | null }>(
      'SELECT company_name AS name, company_corporate_number AS number, company_link AS link FROM procurement_suspensions ORDER BY rid',
    )
    .all();
  db.close();
  assert.deepEqual(links, [
    { name: '見本物流（株） 境港営業所', number: branch, link: 'name_address' },
    { name: '見本運送（株）', number: workplace, link: 'name_address' },
    { name: '見本建設（株）', number: null, link: null },
    { name: '見本建設', number: twinA, link: 'name_address' },
  ]);
  assert.ok(twinB);

  const notes = [
    `linked 「見本物流（株） 境港営業所」 (鳥取県境港市) to ${branch}: names its office 「境港営業所」; the only company of the name in 鳥取県, registered in 米子市`,
    `linked 「見本運送（株）」 (鳥取県東伯郡北栄町) to ${workplace}: the only company of the name in 鳥取県, registered in 倉吉市`,
    "not linked 「見本建設（株）」 (鳥取県境港市): 2 companies of the name in 鳥取県, none in the record's city",
  ];
  const collected = out.join('\n');
  for (const note of notes) assert.ok(collected.includes(`  ${note}`), note);
  // a plain link by name and city needs no note
  assert.ok(!collected.includes('「見本建設」'));

  const listed: string[] = [];
  assert.equal(await runSources([], { ...io, stdout: (l) => listed.push(l) }), 0);
  for (const note of notes) assert.ok(listed.join('\n').includes(`  ${note}`), note);
});
