import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseGenericSource } from '../../../src/ingest/parsers/generic-parsers.js';
import { loadSourceRegistry } from '../../../src/ingest/registry/source-registry.js';
import { SUSPENSION_MAPPING, expectParsed, fixture } from './parser-fixtures.js';

const registry = loadSourceRegistry([
  {
    id: 'test-city-csv',
    publisher: 'city_14100',
    record_kind: 'procurement_suspension',
    title: '横浜市 指名停止措置',
    url: 'https://www.city.yokohama.lg.jp/test.csv',
    url_kind: 'list_file',
    format: 'csv',
    mapping: SUSPENSION_MAPPING,
  },
  {
    id: 'test-unwritten',
    publisher: 'pref_01',
    record_kind: 'procurement_suspension',
    title: '北海道 指名停止措置',
    url: 'https://www.pref.hokkaido.lg.jp/',
    url_kind: 'site_root',
    format: 'html',
  },
]);

test('a registry entry drives its parser: records carry the source, the publisher as authority and the fetch time', async () => {
  const source = registry.get('test-city-csv')!;
  const list = expectParsed(
    await parseGenericSource(fixture('suspensions.sjis.csv'), {
      source,
      url: source.url,
      retrieved_at: '2025-09-02T03:04:05Z',
      published_on: '2025-09-01',
    }),
  );
  assert.equal(list.records.length, 4);
  for (const record of list.records) {
    assert.equal(record.authority, 'city_14100');
    assert.deepEqual(record.source, {
      id: 'test-city-csv',
      url: 'https://www.city.yokohama.lg.jp/test.csv',
      title: '横浜市 指名停止措置',
      published_on: '2025-09-01',
      retrieved_at: '2025-09-02T03:04:05Z',
    });
  }
});

test('a source with no mapping is refused by the table readers, naming it', async () => {
  const source = registry.get('test-unwritten')!;
  const outcome = await parseGenericSource(Buffer.from(''), {
    source,
    url: source.url,
    retrieved_at: '2025-09-02T00:00:00Z',
  });
  assert.deepEqual(outcome, {
    ok: false,
    error: "source 'test-unwritten' has no column mapping",
    problems: [],
  });
});
