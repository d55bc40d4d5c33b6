// Records outlive their lists, on the real list: the eight MHLW editions of 2017 to 2025 collected one after another with
// `collect mhlw-labour-law-violations --file` (its command, runCollect, each edition's pages read by pdfjs once per
// test run: test/helpers/pdf-pages-cache.ts), as an operator builds history from saved editions. A case of the first
// edition that later editions dropped is still found, delisted, with the dates of the first and last editions that
// held it (each edition's date is its cover's 掲載日), under the id it had from the start; once it has been off the
// list longer than KOHYO_DELISTED_RETENTION_DAYS (default 1825) at a later collection, it is removed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { runCollect } from '../../../src/ingest/collect/collect-command.js';
import { cachedMhlwResolver } from '../../helpers/pdf-pages-cache.js';
import { sharedData } from '../../helpers/shared-data.js';
import { startServer } from '../../helpers/server.js';
import { answerOf } from '../../helpers/answers.js';
import { tempDir } from './collect-helpers.js';

// the files are named by their period's end; sorted by name they are in date order
const EDITIONS = readdirSync(sharedData('mhlw/editions'))
  .filter((name) => name.endsWith('.pdf'))
  .sort();

// a Hokkaido case of the first edition (published 2017-02-01), still in the second, gone from the third
const ICE_LINE =
  `/api/v1/enforcements?company=${encodeURIComponent('アイスライン')}&authority=mhlw&prefecture=${encodeURIComponent('北海道')}` as const;

test("the eight MHLW editions collected in date order build each case's listing; a dropped case stays until its retention ends", async () => {
  assert.equal(EDITIONS.length, 8);
  const dbPath = join(tempDir(), 'history.sqlite');
  const err: string[] = [];
  const collect = async (edition: string) => {
    const code = await runCollect(['mhlw-labour-law-violations', '--file', sharedData(`mhlw/editions/${edition}`)], {
      dbPath,
      stdout: () => {},
      stderr: (line) => err.push(line),
      now: () => new Date('2026-11-24T00:00:00Z'),
      contact: null,
      resolve: cachedMhlwResolver,
    });
    assert.equal(code, 0, `${edition}: ${err.join('\n')}`);
  };
  const iceLine = async () => {
    const server = await startServer({ dbPath });
    try {
      const answer = await server.get(ICE_LINE);
      assert.equal(answer.status, 200, answer.text);
      const listed = await server.get('/api/v1/enforcements?authority=mhlw&listing=listed&limit=1');
      return { records: answer.body.data.enforcements, listedNow: answerOf(listed).data.enforcements };
    } finally {
      await server.close();
    }
  };

  await collect(EDITIONS[0]!);
  const first = await iceLine();
  assert.equal(first.records.length, 1);
  const { id } = first.records[0]!;
  assert.equal(first.records[0]!.company.name, '（株）アイスライン');
  assert.equal(first.records[0]!.date, '2017-02-01');
  assert.deepEqual(first.records[0]!.listing, {
    status: 'listed',
    first_listed_on: '2017-05-30',
    last_listed_on: '2017-05-30',
  });

  for (const edition of EDITIONS.slice(1, 6)) await collect(edition);
  const sixth = await iceLine();
  assert.equal(sixth.records.length, 1, 'a case the list dropped is kept');
  assert.equal(sixth.records[0]!.id, id, 'under the id it had from its first edition');
  assert.deepEqual(sixth.records[0]!.listing, {
    status: 'delisted',
    first_listed_on: '2017-05-30',
    last_listed_on: '2017-11-16',
  });
  // what the newest edition (2021-06, 掲載日 2021-05-31) holds is listed
  assert.deepEqual(sixth.listedNow[0]!.listing, {
    status: 'listed',
    first_listed_on: '2021-05-31',
    last_listed_on: '2021-05-31',
  });

  // the 2022-12 edition is dated 2022-11-30, more than 1825 days after 2017-11-16
  await collect(EDITIONS[6]!);
  assert.deepEqual((await iceLine()).records, []);
});
