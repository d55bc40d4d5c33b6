import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseNtaRow } from '../../../src/ingest/nta/nta-row.js';
import { sampleRow, withFields } from './nta-fixtures.js';

function ok(fields: readonly string[], line = 7) {
  const result = parseNtaRow(fields, line);
  if (!result.ok) assert.fail(result.error.message);
  return result.row;
}

describe('parseNtaRow on real rows', () => {
  it('decodes an active company field by field', () => {
    const row = ok(sampleRow('1010001001111', '1'), 1);
    assert.equal(row.line, 1);
    assert.equal(row.latest, true);
    assert.equal(row.process, '12');
    assert.equal(row.correction, false);
    assert.equal(row.changedOn, '2026-01-05');
    assert.deepEqual(row.company, {
      corporate_number: '1010001001111',
      name: '株式会社エス・エイ・アイ',
      name_kana: 'エスエイアイ',
      name_en: null,
      kind_code: '301',
      legal_form: 'kabushiki_kaisha',
      address: {
        prefecture_code: '13',
        prefecture: '東京都',
        city: '千代田区',
        city_code: '13101',
        street: '神田須田町ニ丁目１９番２３号',
        postal_code: '1000000',
        outside: null,
        en: null,
      },
      status: 'active',
      closed_on: null,
      close_cause: null,
      successor_corporate_number: null,
      updated_on: '2026-01-27',
      changed_on: '2026-01-05',
      aliases: [{ name: 'Esueiai', kind: 'romanized' }],
    });
  });

  it('closes a company with a close date and names the cause', () => {
    const { company } = ok(sampleRow('1010001001879'));
    assert.equal(company.status, 'closed');
    assert.equal(company.closed_on, '2026-01-06');
    assert.equal(company.close_cause, 'liquidation_completed');
  });

  it('keeps the successor of a company closed by merger', () => {
    const { company } = ok(sampleRow('1110001027781'));
    assert.equal(company.status, 'closed');
    assert.equal(company.close_cause, 'merger');
    assert.equal(company.successor_corporate_number, '6110001027819');
  });

  it('leaves the absorbing side of a merger (process 71) active', () => {
    const row = ok(sampleRow('6110001027819'));
    assert.equal(row.process, '71');
    assert.equal(row.company.status, 'active');
    assert.equal(row.company.closed_on, null);
  });

  it('reads the English name and writes the English address small to large', () => {
    const { company } = ok(sampleRow('4010001008772'));
    assert.equal(company.name_en, 'Mitsubishi Electric Corporation');
    assert.equal(company.address.en, '2-7-3,Marunouchi, Chiyoda ku, Tokyo');
    assert.deepEqual(company.aliases, [{ name: 'Mitsubishidenki', kind: 'romanized' }]);
  });

  it('takes a foreign address, in English too, and the foreign-company form', () => {
    const { company } = ok(sampleRow('2700150133948'));
    assert.equal(company.legal_form, 'foreign_company');
    assert.equal(company.address.prefecture_code, null);
    assert.equal(company.address.city_code, null);
    assert.equal(
      company.address.outside,
      '１６８３９　Ｇａｌｅ　Ａｖｅ，Ｃｉｔｙ　ｏｆ　Ｉｎｄｕｓｔｒｙ，ＣＡ　９１７４５',
    );
    assert.equal(company.address.en, '16839 Gale Ave, City of Industry, CA 91745');
  });

  it('marks a history row as not latest', () => {
    const row = ok(sampleRow('1010001256548', '0'));
    assert.equal(row.latest, false);
    assert.equal(row.process, '01');
    assert.equal(row.correction, true);
  });

  it('has no kana and no romanized alias without furigana', () => {
    const { company } = ok(withFields(sampleRow('1010001001111'), { 29: '' }));
    assert.equal(company.name_kana, null);
    assert.deepEqual(company.aliases, []);
  });
});

describe('parseNtaRow errors', () => {
  const good = sampleRow('1010001001111');
  const cases: readonly (readonly [string, readonly string[], string, RegExp])[] = [
    ['too few fields', good.slice(0, 29), 'field_count', /expected 30 fields, found 29/u],
    ['too many fields', [...good, ''], 'field_count', /found 31/u],
    ['a wrong check digit', withFields(good, { 2: '2010001001111' }), 'corporate_number', /check digit/u],
    ['a number of 12 digits', withFields(good, { 2: '010001001111' }), 'corporate_number', /not 13 digits/u],
    [
      'a full-width number',
      withFields(good, { 2: '１０１０００１００１１１１' }),
      'corporate_number',
      /not 13 digits/u,
    ],
    ['a bad change date', withFields(good, { 6: '2026-02-30' }), 'date', /changeDate "2026-02-30"/u],
    ['a bad update date', withFields(good, { 5: '20260127' }), 'date', /updateDate/u],
    ['a bad close date', withFields(good, { 19: '2026/01/06' }), 'date', /closeDate/u],
    ['an unknown kind', withFields(good, { 9: '999' }), 'kind', /unknown kind code "999"/u],
    ['an unknown process', withFields(good, { 3: '55' }), 'process', /unknown process code "55"/u],
    ['a latest flag that is neither 0 nor 1', withFields(good, { 24: '2' }), 'latest', /latest must be 0 or 1/u],
    ['an empty name', withFields(good, { 7: '' }), 'name', /empty name/u],
    ['a bad successor number', withFields(good, { 21: '1234567890123' }), 'successor_corporate_number', /successor/u],
    ['undecodable bytes', withFields(good, { 7: '株式会社\uFFFD' }), 'encoding', /not valid/u],
  ];
  for (const [what, fields, reason, message] of cases) {
    it(`reports ${what} with its line`, () => {
      const result = parseNtaRow(fields, 42);
      assert.equal(result.ok, false);
      if (result.ok) return;
      assert.equal(result.error.reason, reason);
      assert.equal(result.error.line, 42);
      assert.match(result.error.message, /^line 42: /u);
      assert.match(result.error.message, message);
    });
  }

  it('accepts 29 February of a leap year only', () => {
    assert.equal(parseNtaRow(withFields(good, { 6: '2024-02-29' }), 1).ok, true);
    assert.equal(parseNtaRow(withFields(good, { 6: '2025-02-29' }), 1).ok, false);
  });
});
