import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildCoverage } from '../../../src/domain/coverage.js';
import { authorities } from '../../../src/domain/vocabularies/authorities.js';
import { DESIGNATED_CITIES } from '../../../src/domain/vocabularies/designated-cities.js';
import { PREFECTURES } from '../../../src/domain/vocabularies/prefectures.js';
import { PUBLISHER_GROUPS } from '../../../src/domain/vocabularies/publisher-groups.js';
import { registerSources } from '../../../src/ingest/registry/register-sources.js';
import type { ModuleEntry, SourceEntryInput } from '../../../src/ingest/registry/source-entry.js';
import { SOURCE_ENTRIES, loadSourceRegistry, sourceRegistry } from '../../../src/ingest/registry/source-registry.js';
import { registryProblems } from '../../../src/ingest/registry/registry-problems.js';
import { openWritable } from '../../../src/store/write/database-upgrade.js';
import { publisherGroups, sourceCoverage } from '../../../src/store/read/coverage-queries.js';
import { seedVocabularies } from '../../../src/store/write/vocabulary-seed.js';
import { sharedData } from '../../helpers/shared-data.js';

const registry = sourceRegistry();
const suspensions = registry.sources.filter((s) => s.record_kind === 'procurement_suspension');

test('the repository registry loads without a problem', () => {
  assert.deepEqual(registryProblems(SOURCE_ENTRIES), []);
  assert.equal(registry.sources.length, SOURCE_ENTRIES.length);
});

test('every source of a publisher counts for the same body, whatever the order the folders and tables are found in', () => {
  // demo/demo-sources.ts reads a publisher's counted body from its first source
  const bodies = new Map<string, Set<string>>();
  for (const s of registry.sources) bodies.set(s.publisher, (bodies.get(s.publisher) ?? new Set()).add(s.counted_body));
  assert.deepEqual(
    [...bodies].filter(([, counted]) => counted.size > 1),
    [],
  );
});

test('source ids are unique and every publisher is an authority of the group the entry is filed under', () => {
  assert.equal(new Set(registry.sources.map((s) => s.id)).size, registry.sources.length);
  for (const s of registry.sources) {
    assert.equal(authorities.get(s.publisher)?.group, s.publisher_group, s.id);
    assert.equal(authorities.get(s.counted_body)?.group, s.publisher_group, s.id);
  }
});

test('every publisher group has procurement suspension sources', () => {
  for (const group of PUBLISHER_GROUPS) {
    assert.ok(
      suspensions.some((s) => s.publisher_group === group.code),
      group.code,
    );
  }
});

test('every prefecture and every designated city has its suspension list registered', () => {
  const publishers = new Set(suspensions.map((s) => s.publisher));
  for (const p of PREFECTURES) assert.ok(publishers.has(`pref_${p.code}`), p.name);
  for (const c of DESIGNATED_CITIES) assert.ok(publishers.has(`city_${c.code}`), c.name);
});

test('the bodies counted per group never exceed the official totals, and local groups reach them', () => {
  for (const group of PUBLISHER_GROUPS) {
    const bodies = new Set(suspensions.filter((s) => s.publisher_group === group.code).map((s) => s.counted_body));
    if (group.official_total !== null) assert.ok(bodies.size <= group.official_total, `${group.code}: ${bodies.size}`);
  }
  const counted = (code: string) =>
    new Set(suspensions.filter((s) => s.publisher_group === code).map((s) => s.counted_body)).size;
  assert.equal(counted('prefecture'), 47);
  assert.equal(counted('designated_city'), 20);
  assert.equal(counted('national'), 19, 'the 19 各省各庁; regional bureaus count for their ministry');
  // an office or an external agency (林野庁 and its 森林管理局, 防衛装備庁) counts for the body at the top of its tree
  for (const s of suspensions.filter((s) => s.publisher_group === 'national'))
    assert.equal(authorities.get(s.counted_body)?.parent, null, `${s.id} counts for ${s.counted_body}`);
});

test('the MHLW labour-law list is registered with its PDF parser; unwritten sources take no mapping', () => {
  const mhlw = registry.get('mhlw-labour-law-violations');
  assert.ok(mhlw);
  assert.equal(mhlw.record_kind, 'enforcement');
  assert.equal(mhlw.format, 'pdf');
  assert.equal(mhlw.parser, 'mhlw-labour-violations-pdf');
  // the page that links each month's PDF, and the link to follow from it
  assert.equal(mhlw.url, 'https://www.mhlw.go.jp/kinkyu/151106.html');
  assert.equal(mhlw.list_link, '違反に係る公表事案');
  assert.ok(registry.sources.some((s) => s.record_kind === 'license_action' && s.url.includes('nega-inf')));
  for (const s of registry.sources) {
    if (s.parser === 'not_written') assert.equal(s.mapping, undefined, s.id);
    else assert.notEqual(s.url_kind, 'site_root', `${s.id}: a collected source needs the list's own address`);
  }
});

// test/fixtures/government/registry/list-addresses.md: a '## publisher' heading, then '- address' lines.
function listedAddresses(): { heading: string; url: string }[] {
  let heading = '';
  const found: { heading: string; url: string }[] = [];
  for (const line of fs.readFileSync(sharedData('registry/list-addresses.md'), 'utf8').split('\n')) {
    if (line.startsWith('## ')) heading = line.slice(3).trim();
    const url = /^- (https?:\/\/\S+)$/u.exec(line.trim())?.[1];
    if (url !== undefined) found.push({ heading, url });
  }
  return found;
}

test('every list address of list-addresses.md is in the registry, with the url_kind and format its address states', () => {
  const listed = listedAddresses();
  assert.equal(listed.length, 96, 'the file lists 96 addresses');
  const addressesOf = (s: SourceEntryInput) => [s.url, ...(s.more_urls ?? [])];
  for (const { heading, url } of listed) {
    // A pattern ({y}, {fname}) is not an address: the pages that link those files are registered instead.
    if (url.includes('{')) continue;
    const holders = suspensions.filter((s) => addressesOf(s).includes(url));
    // A section page (Chiba city's keiyaku/) is covered by the list page under it.
    const under = suspensions.filter((s) => addressesOf(s).some((a) => a !== url && a.startsWith(url)));
    const entry = holders[0] ?? under[0];
    assert.ok(entry, `${heading}: ${url} is in no registry entry`);
    assert.ok(
      heading.includes(authorities.get(entry.publisher)!.name),
      `${url} is filed under ${entry.publisher}, not ${heading}`,
    );
    if (holders.length === 0) continue;
    assert.equal(holders.length, 1, `${url} is in several entries`);
    const extension = /\.(pdf|xlsx?|csv)$/u.exec(new URL(url).pathname)?.[1];
    if (extension) {
      assert.equal(entry.url_kind, 'list_file', url);
      assert.equal(entry.format, extension, url);
    } else {
      assert.equal(entry.url_kind, 'list_page', url);
      // A page is the list (html) unless the entry follows its links to the list's files.
      if (entry.list_link === undefined) assert.equal(entry.format, 'html', url);
      else assert.notEqual(entry.format, 'html', url);
    }
  }
});

test('sources with an address are read by the generic parser of their format, or say why not', () => {
  const listed = suspensions.filter((s) => s.url_kind !== 'site_root');
  const expected = {
    pdf: 'pdf-table',
    xls: 'xls-table',
    xlsx: 'xlsx-table',
    csv: 'csv-table',
    html: 'html-table',
  } as const;
  for (const s of listed) {
    if (s.parser === 'not_written') {
      // press releases in prose: no table to read
      assert.match(s.id, /^(mlit-press|mlit-hokuriku-rdb)-procurement-suspensions$/u, s.id);
      continue;
    }
    assert.equal(s.parser, expected[s.format], s.id);
    assert.ok(s.mapping?.columns.company_name?.includes('商号又は名称'), s.id);
  }
  // The pattern-only cities keep their site roots; every other publisher of the file has its list.
  for (const code of ['city_23100', 'city_11100']) {
    assert.deepEqual(
      suspensions.filter((s) => s.publisher === code).map((s) => s.url_kind),
      ['site_root'],
      code,
    );
  }
  assert.equal(new Set(listed.map((s) => s.publisher)).size, 29);
  assert.deepEqual(
    suspensions.filter((s) => s.publisher === 'pref_26').map((s) => s.id),
    [
      'pref-26-procurement-suspensions',
      'pref-26-goods-procurement-suspensions',
      'pref-26-committee-procurement-suspensions',
    ],
  );
  const kawasaki = registry.get('city-14130-procurement-suspensions');
  assert.deepEqual([kawasaki?.url_kind, kawasaki?.format, kawasaki?.follow_all_links], ['list_page', 'pdf', true]);
});

const good: SourceEntryInput = {
  id: 'test-csv-source',
  publisher: 'pref_13',
  record_kind: 'procurement_suspension',
  title: 't',
  url: 'https://example.test/list.csv',
  url_kind: 'list_file',
  format: 'csv',
  mapping: { columns: { company_name: ['業者名'], reason: ['措置理由'], period: ['指名停止期間'] } },
};

test('inconsistent entries are each reported in a sentence that names the source', async (t) => {
  const cases: readonly (readonly [string, Partial<SourceEntryInput>, RegExp])[] = [
    ['unknown publisher', { publisher: 'pref_99' }, /publisher 'pref_99' is not an authority code/],
    ['unproven with no mapping', { mapping: undefined, unproven: true }, /there is no mapping/],
    ['fixed values on a table source', { fixed: { law: 'subcontract_act' } }, /puts them in its mapping/],
    [
      'mapping misses a required field',
      { mapping: { columns: { company_name: ['業者名'] } } },
      /no column for the required field 'reason'/,
    ],
    [
      'encoding on a non-CSV source',
      { format: 'xlsx', mapping: { ...good.mapping!, encoding: 'shift_jis' } },
      /encoding is given for a xlsx source/,
    ],
    ['bad id', { id: 'Bad_ID' }, /lower-case ASCII/],
    ['bad url', { url: 'ftp://x' }, /not an http\(s\) URL/],
    ['counts_for in another group', { counts_for: 'mlit' }, /counts_for 'mlit' is in group national/],
    [
      'counts_for a body the publisher is not under',
      { publisher: 'mlit_kanto_rdb', counts_for: 'mhlw' },
      /counts_for 'mhlw' is not a body 'mlit_kanto_rdb' is under/,
    ],
    ['list_link that is no pattern', { list_link: '公表事案(' }, /list_link is not a regular expression/],
    ['list_link on an html list', { format: 'html', list_link: 'x' }, /an html list is read from its own page/],
    ['an unreadable-rows share over 1', { unreadable_rows: { rows: 5, share: 20 } }, /a share from 0 to 1/],
    [
      'a source_key field that is not a column of the mapping',
      { mapping: { ...good.mapping!, source_key: ['company_name', 'summary'] } },
      /source_key names 'summary', which is not one of its columns/,
    ],
  ];
  assert.deepEqual(registryProblems([good]), []);
  assert.deepEqual(
    registryProblems([
      {
        ...good,
        unreadable_rows: { rows: 0, share: 0.01 },
        mapping: { ...good.mapping!, source_key: ['company_name', 'period'] },
      },
    ]),
    [],
  );
  assert.deepEqual(registryProblems([{ ...good, list_link: '公表事案' }]), []);
  for (const [name, change, expected] of cases) {
    await t.test(name, () => {
      const problems = registryProblems([{ ...good, ...change }]);
      assert.ok(
        problems.some((p) => expected.test(p) && p.includes('source ')),
        problems.join('; '),
      );
    });
  }
  assert.match(registryProblems([good, good]).join(), /used twice/);
  assert.throws(() => loadSourceRegistry([good, { ...good, id: 'other', publisher: 'nobody' }]), /1 problem\(s\)/);
});

test("a source's parser is derived: the table reader of its format for a mapping, its module's own, or none", () => {
  const own = { id: 'test-own-layout', file: 'file:///modules/test-own/parser.ts' } as const;
  const loaded = loadSourceRegistry([
    good,
    { ...good, id: 'test-unwritten', mapping: undefined },
    { ...good, id: 'test-own', mapping: undefined, own_parser: own },
  ]);
  assert.equal(loaded.get('test-csv-source')?.parser, 'csv-table');
  assert.equal(loaded.get('test-unwritten')?.parser, 'not_written');
  assert.equal(loaded.get('test-own')?.parser, 'test-own-layout');
  assert.equal(loaded.get('test-own')?.parser_file, own.file, 'the parsing thread imports the file, nothing else');
  assert.ok(!('own_parser' in (loaded.get('test-own') ?? {})));
  const problems = (entry: ModuleEntry) => registryProblems([entry]).join('; ');
  assert.match(problems({ ...good, own_parser: own }), /has its own layout and takes no mapping/);
  assert.match(problems({ ...good, mapping: undefined, own_parser: { ...own, id: 'csv-table' } }), /is reserved/);
  assert.match(
    registryProblems([
      { ...good, mapping: undefined, own_parser: own },
      {
        ...good,
        id: 'test-other',
        mapping: undefined,
        own_parser: { ...own, file: 'file:///modules/other/parser.ts' },
      },
    ]).join(),
    /names two different parsers/,
  );
});

test('two modules of one id are refused, saying where each is', () => {
  const problems = registryProblems([
    { ...good, origin: "module folder 'pref-13-suspensions'" },
    { ...good, origin: "module folder 'pref-13-suspensions-copy'" },
  ]).join();
  assert.match(
    problems,
    /source 'test-csv-source': the id is used twice \(in module folder 'pref-13-suspensions' and in module folder 'pref-13-suspensions-copy'\): give one of them another id/u,
  );
});

test('seeding a database registers every source, and coverage then lists them as never collected', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kohyo-registry-'));
  const db = openWritable(path.join(dir, 'k.sqlite'));
  try {
    seedVocabularies(db);
    registerSources(db, registry.sources);
    registerSources(db, registry.sources);
    assert.equal(
      db.prepare('SELECT count(*) FROM sources').pluck().get(),
      registry.sources.length,
      'registering again updates in place',
    );
    const rows = sourceCoverage(db, 'procurement_suspension');
    assert.equal(rows.length, suspensions.length);
    const coverage = buildCoverage(publisherGroups(db), rows, new Date('2026-01-01T00:00:00Z'), 48);
    assert.deepEqual(
      coverage.map((g) => g.publisher_group.code),
      PUBLISHER_GROUPS.map((g) => g.code),
    );
    for (const group of coverage) {
      assert.equal(group.freshness.status, 'never_collected');
      assert.equal(group.covered_bodies, 0);
      assert.ok(group.sources.length > 0);
    }
    const counted = db.prepare('SELECT counted_body FROM sources WHERE id = ?').pluck();
    assert.equal(
      counted.get('mlit-kanto-rdb-procurement-suspensions'),
      'mlit',
      'a regional bureau counts for its ministry',
    );
    assert.equal(counted.get('mlit-procurement-suspensions'), 'mlit');
    const stored = db.prepare("SELECT format, parser FROM sources WHERE id = 'mhlw-labour-law-violations'").get();
    assert.deepEqual({ ...(stored as object) }, { format: 'pdf', parser: 'mhlw-labour-violations-pdf' });
  } finally {
    db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('a mapping is marked unproven unless a real list of its source is collected by a test of its module', () => {
  // the real lists of test/fixtures/government that a table mapping reads, each by its source's module test
  const proven = new Map([['jftc-actions', 'src/ingest/sources/jftc-actions/jftc-actions.test.ts']]);
  for (const source of registry.sources.filter((s) => s.mapping !== undefined)) {
    const test = proven.get(source.id);
    assert.equal(source.unproven === true, test === undefined, source.id);
    if (test) assert.match(fs.readFileSync(test, 'utf8'), new RegExp(`'${source.id}'`, 'u'));
  }
  // and every source with a mapping and no real list is shown unproven (kohyo sources: `<parser> (unproven)`)
  assert.ok(registry.sources.filter((s) => s.unproven).length > 0);
});
