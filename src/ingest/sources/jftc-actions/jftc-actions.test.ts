// The JFTC's actions as eoylab/jftc-actions transcribes them: the real file collected through the registry's
// mapping, offline (`collect jftc-actions --file`), its rows that name no party skipped and listed by `sources`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { runCollect } from '../../collect/collect-command.js';
import { runSources } from '../../collect/sources-command.js';
import { summaryEn } from '../../../domain/records/summary-en.js';
import { validateRecordLine } from '../../../domain/records/record-validation.js';
import { sharedData } from '../../../../test/helpers/shared-data.js';
import { noNetwork, tempDir } from '../../../../test/ingest/collect/collect-helpers.js';

const ACTIONS = sharedData('jftc/actions.csv');

function io(dbPath: string, at: string) {
  const out: string[] = [];
  const err: string[] = [];
  const base = { dbPath, stdout: (l: string) => out.push(l), stderr: (l: string) => err.push(l) };
  return { out, err, collect: { ...base, now: () => new Date(at), contact: null, fetcher: noNetwork }, base };
}

interface Row {
  readonly company_name: string;
  readonly action_type: string;
  readonly law_code: string;
  readonly source_url: string;
  readonly listing_status: string;
  readonly doc: string;
}

function records(dbPath: string): Row[] {
  const db = new Database(dbPath, { readonly: true });
  try {
    return db
      .prepare<[string], Row>(
        'SELECT company_name, action_type, law_code, source_url, listing_status, doc FROM enforcements WHERE source_id = ?',
      )
      .all('jftc-actions');
  } finally {
    db.close();
  }
}

function countBy<T>(items: readonly T[], key: (item: T) => string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const item of items) counts[key(item)] = (counts[key(item)] ?? 0) + 1;
  return counts;
}

test('the real file: every action typed, every law mapped, the rows that name no party skipped and listed', async () => {
  const dir = tempDir();
  const dbPath = join(dir, 'kohyo.sqlite');
  const run = io(dbPath, '2026-11-25T00:00:00Z');
  assert.equal(await runCollect(['jftc-actions', '--file', ACTIONS], run.collect), 0, run.err.join('\n'));

  const rows = records(dbPath);
  assert.deepEqual(
    countBy(rows, (r) => r.action_type),
    {
      cease_and_desist_order: 25,
      commitment_plan_approval: 24,
      recommendation: 179,
    },
  );
  assert.deepEqual(
    countBy(rows, (r) => `${r.action_type} ${r.law_code}`),
    {
      'cease_and_desist_order antimonopoly_act': 25,
      'commitment_plan_approval antimonopoly_act': 24,
      'recommendation subcontract_act': 179,
    },
  );
  // a press release where the row has one (12 rows), else the JFTC's yearly list
  assert.equal(rows.filter((r) => r.source_url.startsWith('https://www.jftc.go.jp/houdou/pressrelease/')).length, 12);
  assert.ok(rows.every((r) => /^https:\/\/www\.jftc\.go\.jp\//u.test(r.source_url)));
  // the party as published where the dataset gives no company; never the orderer of a tender
  const names = new Set(rows.map((r) => r.company_name));
  for (const name of [
    '(株)ヨークベニマル',
    'ビザ・ワールドワイド・ピーティーイー・リミテッド',
    '長野県石油商業組合北信支部',
  ])
    assert.ok(names.has(name), name);
  assert.ok(![...names].some((n) => /発注する|業者|メーカー/u.test(n)));

  // the recommendation citing both titles of the amended act is filed under both, and its summary says so
  const both = rows.find((r) => r.company_name === 'ミネベアアクセスソリューションズ株式会社');
  assert.ok(both);
  const stored = validateRecordLine(JSON.parse(both.doc), 1);
  assert.ok(stored.ok);
  const record = stored.record;
  assert.ok(record.kind === 'enforcement');
  assert.deepEqual(record.laws, ['subcontract_act', 'entrusted_transactions_act']);
  assert.equal(
    summaryEn(record),
    'Recommendation by the Japan Fair Trade Commission under the Subcontract Act and the Act on Fair Transactions with Small and Medium-sized Entrusted Businesses (Toriteki Act), 2026-07-10.',
  );

  const report = run.out.join('\n');
  const tenders = report.match(/names no party: a tender's bidders/gu)?.length ?? 0;
  const industries = report.match(/names no party: a cartel described by its industry/gu)?.length ?? 0;
  assert.deepEqual({ tenders, industries }, { tenders: 74, industries: 59 });

  const sources = io(dbPath, '2026-11-25T00:00:00Z');
  assert.equal(await runSources([], sources.base), 0, sources.err.join('\n'));
  const listed = sources.out.join('\n');
  assert.match(listed, /^jftc-actions\s+jftc\s+enforcement\s.*success\s.*\s228\s+133\s/mu);
  assert.match(
    listed,
    /skipped row \d+: names no party: a cartel described by its industry: 「[^」]*ごま油の製造販売業者/u,
  );
  assert.match(
    listed,
    /skipped row \d+: names no party: a tender's bidders, [^「]*「[^」]*東京電力株式会社が発注する架空送電工事/u,
  );

  // the next edition without the oldest action: it is delisted, the rest stay listed
  const lines = readFileSync(ACTIONS, 'utf8').trimEnd().split('\n');
  const dropped = lines.find((l) => l.includes('ロイヤルホームセンター株式会社'));
  assert.ok(dropped);
  const next = join(dir, 'actions.csv');
  writeFileSync(next, `${lines.filter((l) => l !== dropped).join('\n')}\n`);
  const later = io(dbPath, '2026-12-25T00:00:00Z');
  assert.equal(await runCollect(['jftc-actions', '--file', next], later.collect), 0, later.err.join('\n'));
  const after = records(dbPath);
  assert.deepEqual(
    countBy(after, (r) => r.listing_status),
    { listed: 227, delisted: 1 },
  );
  assert.equal(after.find((r) => r.listing_status === 'delisted')?.company_name, 'ロイヤルホームセンター株式会社');
});
