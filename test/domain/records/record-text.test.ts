// Tests for what validation does to a record's text: control and direction characters removed, each field bounded,
// and a source id of the registry's form; every record of every source is validated before it is written.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { validateRecordLine } from '../../../src/domain/records/record-validation.js';
import type { Enforcement } from '../../../src/domain/records/record.js';
import { MAX_NAME_CHARS, MAX_TEXT_CHARS } from '../../../src/domain/records/text-bounds.js';

const BASE = {
  enforcement: () => ({
    kind: 'enforcement',
    company: { name: '架空商事株式会社' } as Record<string, unknown>,
    authority: 'jftc',
    source: {
      url: 'https://example.go.jp/a.html',
      title: '公表資料',
      published_on: '2025-03-14',
      retrieved_at: '2025-03-15T01:00:00Z',
    } as Record<string, unknown>,
    law: 'antimonopoly_act',
    action_type: 'cease_and_desist_order',
    date: '2025-03-14',
    summary: '見本部品の価格カルテル',
  }),
};

describe('text from a file, cleaned and bounded where every record is validated', () => {
  it('removes escape sequences, control and direction characters from every text field; a long text keeps its lines, any other is one line', () => {
    const line = BASE.enforcement();
    line.company.name = '架空\u001b[2J商事\u0007株式会社\u202e\u2028published 2099-01-01';
    line.summary = '一行目\r\n二行目\t\u0085終わり\u2066';
    line.source.title = '公表\u009b資料\u202a';
    const result = validateRecordLine(line, 1);
    assert.ok(result.ok, JSON.stringify(!result.ok && result.errors));
    if (!result.ok) return;
    const record = result.record as Enforcement;
    assert.equal(record.company.name, '架空商事株式会社 published 2099-01-01');
    assert.equal(record.summary, '一行目\n二行目\t\n終わり');
    assert.equal(record.source.title, '公表資料');
    assert.doesNotMatch(JSON.stringify(record), /\\u001b|\\u0007|\u202e|\u0085|\u009b|\u2028/u);
  });

  it('refuses a field over its bound, naming the field and the bound, and takes one at the bound', () => {
    const at = BASE.enforcement();
    at.company.name = 'あ'.repeat(MAX_NAME_CHARS);
    at.summary = 'い'.repeat(MAX_TEXT_CHARS);
    assert.equal(validateRecordLine(at, 1).ok, true);
    const over = BASE.enforcement();
    over.company.name = 'あ'.repeat(MAX_NAME_CHARS + 1);
    over.summary = 'い'.repeat(MAX_TEXT_CHARS + 1);
    const result = validateRecordLine(over, 4);
    assert.equal(result.ok, false);
    if (!result.ok)
      assert.deepEqual(result.errors, [
        `line 4: company.name is 501 characters, over its bound of 500 (MAX_NAME_CHARS)`,
        `line 4: summary is 5,001 characters, over its bound of 5,000 (MAX_TEXT_CHARS)`,
      ]);
  });

  it("refuses a source id that is not a registry's form, and takes one that is", () => {
    const hostile = BASE.enforcement();
    hostile.source.id = '<svg onload=alert(1)>../../etc';
    const result = validateRecordLine(hostile, 2);
    assert.equal(result.ok, false);
    if (!result.ok)
      assert.match(result.errors.join('\n'), /source\.id '<svg onload=alert\(1\)>\.\.\/\.\.\/etc' is not a source id/u);
    for (const id of ['mhlw-labour-law-violations', 'web:0123456789ab']) {
      const fine = BASE.enforcement();
      fine.source.id = id;
      assert.equal(validateRecordLine(fine, 1).ok, true, id);
    }
  });
});
