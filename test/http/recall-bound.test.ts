// A query that recalls more companies than are followed says so: sixty companies read ナミキ, each named by one record
// without its number; `company=ナミキ` and /search?q=ナミキ follow the best COMPANY_FILTER_MATCHES of them, find the
// records naming those, and answer meta.recall with the rest counted, where a precise query answers no meta.recall.
// And a Corporate Number with a wrong check digit recalls nothing, not even records whose text holds its digits.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, TEST_NOW, type TestServer } from '../helpers/server.js';
import { ok } from '../helpers/answers.js';
import { companyInput } from '../helpers/company-input.js';
import { corporateNumberFromBase } from '../../src/domain/companies/corporate-number.js';
import { COMPANY_FILTER_MATCHES } from '../../src/domain/records/filter-names.js';
import { validateRecordLine } from '../../src/domain/records/record-validation.js';
import { openWritable } from '../../src/store/write/database-upgrade.js';
import { createCompanyWriter } from '../../src/store/write/company-writer.js';
import { createRecordWriter, refreshRecordCounts } from '../../src/store/write/record-writer.js';
import { seedVocabularies } from '../../src/store/write/vocabulary-seed.js';
import { writeDatasetMeta } from '../../src/store/schema/database.js';

const COMPANIES = 60;
// ナミキ + a distinct two-letter reading each, so that every company's kana holds ナミキ and none is another's prefix
const READINGS = Array.from(
  { length: COMPANIES },
  (_, i) => `ナミキ${'アイウエオカキクケコ'.charAt(i % 10)}${'サシスセソタ'.charAt(Math.floor(i / 10))}`,
);
const nameOf = (i: number) =>
  `並木${String.fromCharCode(0x4e00 + i * 7)}${String.fromCharCode(0x5000 + i * 11)}株式会社`;

function writeDataset(): string {
  const path = join(mkdtempSync(join(tmpdir(), 'kohyo-recall-')), 'recall.sqlite');
  const db = openWritable(path);
  seedVocabularies(db);
  const companies = createCompanyWriter(db);
  const records = createRecordWriter(db, () => TEST_NOW);
  db.transaction(() => {
    for (let i = 0; i < COMPANIES; i++) {
      const corporate_number = corporateNumberFromBase(`9999000200${String(i).padStart(2, '0')}`);
      companies.upsertCompany(companyInput({ corporate_number, name: nameOf(i), name_kana: READINGS[i]! }));
      const line = validateRecordLine(
        {
          kind: 'enforcement',
          id: `enf_namiki_${i}`,
          company: { name: nameOf(i), corporate_number: null },
          authority: 'jftc',
          source: {
            url: `https://example.go.jp/namiki/${i}.html`,
            title: '公表資料',
            published_on: '2025-03-14',
            retrieved_at: '2025-03-15T01:00:00Z',
          },
          law: 'antimonopoly_act',
          action_type: 'recommendation',
          date: `2025-0${1 + (i % 9)}-${String(1 + (i % 28)).padStart(2, '0')}`,
          // the first record's summary cites a number with a wrong check digit, which a search for it must not read as text
          summary: i === 0 ? '勧告（3999900010006）' : '勧告',
        },
        i + 1,
      );
      assert.ok(line.ok);
      records.upsertSource(line.record);
      records.writeRecord(line.record);
    }
  })();
  refreshRecordCounts(db);
  writeDatasetMeta(db, { kind: 'production', version: '2026-11-21T00:00:00Z' });
  db.close();
  return path;
}

let server: TestServer;
before(async () => {
  server = await startServer({ dbPath: writeDataset(), env: { KOHYO_LIMIT_PER_MINUTE: '1000' } });
});
after(() => server.close());

test("company= that recalls more companies than are followed answers meta.recall, and finds the followed ones' records", async () => {
  const answer = await ok(server, `/api/v1/enforcements?company=${encodeURIComponent('ナミキ')}&limit=10`);
  assert.deepEqual(answer.meta.recall, {
    followed: COMPANY_FILTER_MATCHES,
    not_followed: COMPANIES - COMPANY_FILTER_MATCHES,
  });
  assert.match(answer.meta.notice ?? '', /finds 60 companies; the records of the best 50/u);
  assert.equal(answer.data.enforcements.length, 10);
  assert.ok(answer.data.enforcements.every((r) => r.company.corporate_number === null));
});

test('/search answers meta.recall too, and counts the records of the companies it followed', async () => {
  const answer = await ok(server, `/api/v1/search?q=${encodeURIComponent('ナミキ')}`);
  assert.deepEqual(answer.meta.recall, {
    followed: COMPANY_FILTER_MATCHES,
    not_followed: COMPANIES - COMPANY_FILTER_MATCHES,
  });
  assert.equal(answer.meta.matches.companies, COMPANIES);
  assert.equal(answer.meta.matches.enforcements, COMPANY_FILTER_MATCHES);
});

test('a query that recalls no more than are followed answers no meta.recall', async () => {
  const one = await ok(server, `/api/v1/enforcements?company=${encodeURIComponent(READINGS[7]!)}`);
  const search = await ok(server, `/api/v1/search?q=${encodeURIComponent(nameOf(7))}`);
  for (const meta of [one.meta, search.meta]) {
    assert.equal('recall' in meta, false);
    assert.equal(meta.notice, undefined);
  }
  assert.deepEqual(
    one.data.enforcements.map((r) => r.id),
    ['enf_namiki_7'],
  );
});

test('the search page and a kind page say it in people’s words, in either language', async () => {
  for (const [language, words] of [
    ['en', /finds 60 companies; only the records of the best 50/u],
    ['ja', /企業は60社あり、上位50社の記録/u],
  ] as const) {
    for (const kind of ['', '&kind=enforcements']) {
      const page = await fetch(`${server.url}/search?q=${encodeURIComponent('ナミキ')}${kind}&lang=${language}`);
      assert.equal(page.status, 200);
      assert.match(await page.text(), words, `${language}${kind}`);
    }
  }
});

test('a Corporate Number with a wrong check digit finds nothing, not the records whose text holds its digits', async () => {
  const answer = await ok(server, '/api/v1/search?q=3999900010006');
  assert.equal(answer.meta.matches.enforcements, 0);
  assert.match(answer.meta.notice ?? '', /check digit/u);
  const asText = await ok(server, `/api/v1/enforcements?q=${encodeURIComponent('3999900010006')}`);
  assert.deepEqual(
    asText.data.enforcements.map((r) => r.id),
    ['enf_namiki_0'],
  );
});
