// Text a publisher wrote stands on the pages isolated from the page's own words: a record written before its text was
// cleaned at ingest (a dataset of an older build), with U+202E in its list's title and its company's name, cannot turn
// the page's "(Published 14 March 2025)" backwards.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, TEST_NOW, type TestServer } from '../helpers/server.js';
import { validateRecordLine } from '../../src/domain/records/record-validation.js';
import type { ValidRecord } from '../../src/domain/records/record.js';
import { openWritable } from '../../src/store/write/database-upgrade.js';
import { createRecordWriter, refreshRecordCounts } from '../../src/store/write/record-writer.js';
import { seedVocabularies } from '../../src/store/write/vocabulary-seed.js';
import { writeDatasetMeta } from '../../src/store/schema/database.js';
import { RECORD_PAGE_PATH } from '../../src/api/links.js';

const ID = 'enf_bidi_1';

function writeDataset(): string {
  const path = join(mkdtempSync(join(tmpdir(), 'kohyo-bidi-')), 'bidi.sqlite');
  const db = openWritable(path);
  seedVocabularies(db);
  const line = validateRecordLine(
    {
      kind: 'enforcement',
      id: ID,
      company: { name: '見本商事株式会社' },
      authority: 'jftc',
      source: {
        url: 'https://example.go.jp/bidi.html',
        title: '公表資料',
        published_on: '2025-03-14',
        retrieved_at: '2025-03-15T01:00:00Z',
      },
      law: 'antimonopoly_act',
      action_type: 'recommendation',
      date: '2025-03-14',
      summary: '勧告',
    },
    1,
  );
  assert.ok(line.ok);
  // as an older build kept it, before text was cleaned at ingest
  const record: ValidRecord = {
    ...line.record,
    company: { ...line.record.company, name: '見本商事株式会社\u202e' },
    source: { ...line.record.source, title: '公表資料\u202e' },
  };
  const writer = createRecordWriter(db, () => TEST_NOW);
  writer.upsertSource(record);
  writer.writeRecord(record);
  refreshRecordCounts(db);
  writeDatasetMeta(db, { kind: 'production', version: '2026-11-21T00:00:00Z' });
  db.close();
  return path;
}

let server: TestServer;
before(async () => {
  server = await startServer({ dbPath: writeDataset() });
});
after(async () => server?.close());

test("a record page isolates the publisher's title and the company's name in <bdi>, the page's words outside", async () => {
  for (const language of ['en', 'ja'] as const) {
    const response = await fetch(`${server.url}${RECORD_PAGE_PATH}/${ID}?lang=${language}`);
    assert.equal(response.status, 200);
    const html = await response.text();
    const published = language === 'en' ? 'Published' : '公表日';
    assert.match(html, new RegExp(`<bdi lang="ja">公表資料\u202e</bdi></a> \\(${published} <time`, 'u'));
    assert.match(html, /<h1>[^<]*: <bdi lang="ja">見本商事株式会社\u202e<\/bdi><\/h1>/u);
    // no text of the publisher's stands outside an isolate; the page's <title>, which holds no markup, leaves it out
    assert.equal(html.split('\u202e').length - 1, html.match(/<bdi[^>]*>[^<]*\u202e<\/bdi>/gu)?.length);
    assert.match(html, /<title>見本商事株式会社 \| /u);
  }
});
