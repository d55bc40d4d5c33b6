// The production build an operator runs from downloaded files, end to end over every real list in
// test/fixtures/government (the NTA file, the ISA Excel files, the CAA index, the JFTC list, the MHLW PDF), then the
// records found through the API by `company=` as the lists write the names and as a person would type them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import Database from 'better-sqlite3';
import { atomSchemaErrors } from '../helpers/atom-schema.js';
import { liveDatasetKind } from '../../src/store/write/dataset-kind.js';
import { startServer } from '../helpers/server.js';
import { answerOf } from '../helpers/answers.js';
import type { RecordListPath, RequestPath } from '../helpers/documented-answers.js';
import { tempDir } from './collect/collect-helpers.js';
import { collectRealFiles } from './collect/real-files-dump.js';

test('import nta, then collect --files with every real list: a production dataset, and its records by company=', async () => {
  // the same import and collection as the snapshot test's, made once per test run: the folder is laid out as
  // README's production build names it, `<source-id>.<ext>` or `<source-id>/…`
  const { dbPath, code, out } = await collectRealFiles(tempDir());
  assert.equal(code, 0, out.join('\n'));
  const summary = out.join('\n');
  for (const [source, files, records] of [
    ['isa-titp-certification-revocations', 8, 704],
    ['isa-titp-supervising-org-revocations', 1, 63],
    ['isa-titp-improvement-orders', 2, 54],
    ['caa-keihyo-actions', 1, 22],
    ['mhlw-labour-law-violations', 1, 414],
    ['jftc-actions', 1, 228],
  ] as const) {
    assert.match(summary, new RegExp(`^${source}\\s+${files}\\s+success\\s+${records}\\s`, 'mu'), summary);
  }
  assert.match(
    summary,
    /^linked \d+ of 1485 records \(\d+\.\d %\): \d+ by the source's Corporate Number, \d+ by name and address; \d+ unlinked/mu,
    summary,
  );
  assert.equal(liveDatasetKind(dbPath), 'production');
  const db = new Database(dbPath, { readonly: true });
  assert.ok((db.prepare('SELECT count(*) AS n FROM companies').get() as { n: number }).n > 10_000);
  assert.deepEqual(
    db.prepare("SELECT count(*) AS n FROM enforcements WHERE source_id = 'mhlw-labour-law-violations'").get(),
    {
      n: 414,
    },
  );
  db.close();

  const server = await startServer({ dbPath });
  try {
    const ask = async <P extends RequestPath<RecordListPath | '/api/v1/companies'>>(path: P) => {
      const answer = await server.get(path);
      assert.equal(answer.status, 200, `${path}: ${answer.text}`);
      assert.equal(answer.body.meta.dataset.kind, 'production');
      return answer.body;
    };
    // as the list writes the name, and as a person types it: without the legal form, in hiragana, half-width kana
    for (const typed of [
      'カネテツデリカフーズ株式会社',
      'カネテツデリカフーズ',
      'かねてつでりかふーず',
      'ｶﾈﾃﾂﾃﾞﾘｶﾌｰｽﾞ',
    ]) {
      const { license_actions } = (await ask(`/api/v1/license-actions?company=${encodeURIComponent(typed)}`)).data;
      assert.deepEqual(
        license_actions.map((r) => r.company.name),
        ['カネテツデリカフーズ株式会社'],
        typed,
      );
      assert.equal(license_actions[0]!.action_type.code, 'certification_revocation');
      assert.equal(license_actions[0]!.sector_code, 'technical_intern_training');
      assert.ok(license_actions[0]!.permits_total >= license_actions[0]!.permits.length);
    }
    for (const typed of ['ロート製薬株式会社', 'ロート製薬', 'ろーと製薬', 'ﾛｰﾄ製薬（株）']) {
      const { enforcements } = (await ask(`/api/v1/enforcements?company=${encodeURIComponent(typed)}`)).data;
      assert.deepEqual(
        enforcements.map((r) => [r.company.name, r.date]),
        [['ロート製薬株式会社', '2025-03-25']],
        typed,
      );
      assert.equal(enforcements[0]!.source.url, 'https://www.caa.go.jp/notice/entry/041488/');
    }
    // a supervising organisation's revoked licence, its number as the permit
    const { license_actions: revoked } = (
      await ask(
        `/api/v1/license-actions?company=${encodeURIComponent('協同組合クリエイティブ・ネット')}&action_type=license_revocation`,
      )
    ).data;
    assert.deepEqual(revoked[0]!.permits, [{ sector_code: 'technical_intern_training', number: '許1708000404' }]);
    const { license_actions: intern } = (
      await ask('/api/v1/license-actions?sector=technical_intern_training&authority=isa&limit=1')
    ).data;
    assert.equal(intern.length, 1);

    // what the analyst and the journalist get on real data: coverage beside the answer, English summaries composed
    // from the vocabularies, an Atom feed that validates, a company's predecessors
    const rohto = answerOf(await server.get(`/api/v1/enforcements?company=${encodeURIComponent('ロート製薬')}`));
    assert.equal(rohto.meta.coverage.sources, rohto.meta.coverage.collected + rohto.meta.coverage.never_collected);
    assert.ok(rohto.meta.coverage.collected >= 2, 'the CAA and MHLW lists were collected');
    assert.match(
      rohto.data.enforcements[0]!.summary_en,
      /^[^.]+ by the Consumer Affairs Agency under the Act against Unjustifiable Premiums and Misleading Representations, 2025-03-25\.$/u,
    );
    const { enforcements: mhlw } = (await ask('/api/v1/enforcements?authority=mhlw&limit=3')).data;
    for (const record of mhlw) assert.match(record.summary_en, / by the \w+ Labour Bureau under the /u);
    const feed = await server.get(`/api/v1/enforcements?company=${encodeURIComponent('ロート製薬')}&format=atom`);
    assert.equal(await atomSchemaErrors(feed.text), null);
    assert.ok(feed.text.includes('ロート製薬株式会社'));
    const hokkaido = (
      await ask(`/api/v1/companies?q=${encodeURIComponent('株式会社')}${encodeURIComponent('北海道')}&prefecture=01`)
    ).data;
    assert.ok(hokkaido.companies.every((c) => c.address.prefecture_code === '01'));
    // 6010401171945 closed by merger into 合同会社ＤＭＭ．ｃｏｍ (3011001038942), both in the daily change file
    const {
      companies: [successor],
    } = (await ask('/api/v1/companies?q=3011001038942')).data;
    assert.ok(successor!.predecessors.some((p) => p.corporate_number === '6010401171945'));
    const widened = await server.get('/api/v1/enforcements?corporate_number=3011001038942&include_predecessors=true');
    assert.equal(widened.status, 200);
  } finally {
    await server.close();
  }
});
