// Tests for src/domain/records/record-id.ts: stable source keys, source ids and record ids, and duplicate detection.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { corporateNumberFromBase } from '../../../src/domain/companies/corporate-number.js';
import {
  deriveSourceKey,
  duplicateIdErrors,
  givenIdProblem,
  recordId,
  sourceIdForUrl,
  type KeyedContent,
} from '../../../src/domain/records/record-id.js';
import { validateRecordLine } from '../../../src/domain/records/record-validation.js';

const NUMBER = corporateNumberFromBase('999900000001');
const ENFORCEMENT: KeyedContent = {
  kind: 'enforcement',
  authority: 'jftc',
  company: { name: '架空商事', corporate_number: NUMBER },
  date: '2025-03-14',
  action_type: 'cease_and_desist_order',
  law: 'antimonopoly_act',
};

describe('recordId', () => {
  it('is a kind prefix and 16 hex digits', () => {
    assert.match(recordId('enforcement', 'web:abc', 'k'), /^enf_[0-9a-f]{16}$/u);
    assert.match(recordId('procurement_suspension', 'web:abc', 'k'), /^ps_[0-9a-f]{16}$/u);
    assert.match(recordId('license_action', 'web:abc', 'k'), /^la_[0-9a-f]{16}$/u);
  });

  it('is the same for the same source and key, and differs when either differs', () => {
    const id = recordId('enforcement', 'src', 'key');
    assert.equal(recordId('enforcement', 'src', 'key'), id);
    assert.notEqual(recordId('enforcement', 'src', 'key2'), id);
    assert.notEqual(recordId('enforcement', 'src2', 'key'), id);
    // the NUL keeps "ab"+"c" apart from "a"+"bc"
    assert.notEqual(recordId('enforcement', 'ab', 'c'), recordId('enforcement', 'a', 'bc'));
  });

  it('is pinned: a change to the derivation would break every published id', () => {
    assert.equal(recordId('enforcement', 'web:0123456789ab', 'case-1'), 'enf_64068aa1216ee8c4');
  });
});

describe('sourceIdForUrl', () => {
  it('is web: and 12 hex digits, stable, and ignores surrounding white space', () => {
    const id = sourceIdForUrl('https://example.go.jp/a.html');
    assert.match(id, /^web:[0-9a-f]{12}$/u);
    assert.equal(sourceIdForUrl(' https://example.go.jp/a.html\n'), id);
    assert.notEqual(sourceIdForUrl('https://example.go.jp/b.html'), id);
  });
});

describe('deriveSourceKey', () => {
  const variants: [string, KeyedContent][] = [
    ['authority', { ...ENFORCEMENT, authority: 'caa' }],
    ['company name', { ...ENFORCEMENT, company: { name: '見本商事', corporate_number: NUMBER } }],
    ['corporate number', { ...ENFORCEMENT, company: { name: '架空商事', corporate_number: null } }],
    ['date', { ...ENFORCEMENT, date: '2025-03-15' }],
    ['action type', { ...ENFORCEMENT, action_type: 'surcharge_payment_order' }],
    ['law', { ...ENFORCEMENT, law: 'subcontract_act' }],
  ];
  for (const [what, variant] of variants) {
    it(`changes with the ${what}`, () => assert.notEqual(deriveSourceKey(variant), deriveSourceKey(ENFORCEMENT)));
  }

  it('covers the identifying fields of each kind', () => {
    const ps: KeyedContent = {
      kind: 'procurement_suspension',
      authority: 'pref_13',
      company: { name: 'x', corporate_number: null },
      period: { from: '2025-01-01' },
      reason: 'bribery',
    };
    assert.notEqual(deriveSourceKey(ps), deriveSourceKey({ ...ps, period: { from: '2025-01-02' } }));
    assert.notEqual(deriveSourceKey(ps), deriveSourceKey({ ...ps, reason: 'bid_rigging' }));
    const la: KeyedContent = {
      kind: 'license_action',
      authority: 'pref_13',
      company: { name: 'x', corporate_number: null },
      date: '2025-01-01',
      action_type: 'warning',
      sector_code: 'bus',
    };
    assert.notEqual(deriveSourceKey(la), deriveSourceKey({ ...la, sector_code: 'taxi' }));
    assert.notEqual(deriveSourceKey(la), deriveSourceKey({ ...la, action_type: 'instruction_order' }));
  });

  it('keeps parts apart whatever characters a name holds', () => {
    const a = { ...ENFORCEMENT, company: { name: 'a","b', corporate_number: null } };
    const b = { ...ENFORCEMENT, company: { name: 'a', corporate_number: 'b' } };
    assert.notEqual(deriveSourceKey(a), deriveSourceKey(b));
  });
});

describe('ids of validated lines', () => {
  const line = (summary: string, name = '架空商事株式会社') => ({
    kind: 'enforcement',
    company: { name, corporate_number: NUMBER },
    authority: 'jftc',
    source: { url: 'https://example.go.jp/a.html', title: 't', retrieved_at: '2025-03-15T01:00:00Z' },
    law: 'antimonopoly_act',
    action_type: 'cease_and_desist_order',
    date: '2025-03-14',
    summary,
  });
  const idOf = (value: unknown) => {
    const result = validateRecordLine(value, 1);
    assert.ok(result.ok);
    return result.record.id;
  };

  it('survive a reworded summary and another spelling of the same name', () => {
    assert.equal(idOf(line('価格カルテル')), idOf(line('価格カルテルを行った')));
    assert.equal(idOf(line('x', '架空商事株式会社')), idOf(line('x', '架空商事（株）')));
  });

  it('follow a given source_key rather than the content', () => {
    assert.notEqual(idOf({ ...line('x'), source_key: 'a' }), idOf({ ...line('x'), source_key: 'b' }));
    assert.equal(idOf({ ...line('x'), source_key: 'a' }), idOf({ ...line('y', '別名株式会社'), source_key: 'a' }));
  });
});

describe('givenIdProblem', () => {
  it('accepts the kind prefix and refuses others', () => {
    assert.equal(givenIdProblem('license_action', 'la_abc-1'), null);
    assert.match(givenIdProblem('license_action', 'enf_abc')!, /must start with 'la_'/u);
    assert.match(givenIdProblem('enforcement', 'enf_a b')!, /may hold only/u);
  });
});

describe('duplicateIdErrors', () => {
  it('names both lines of every repeat', () => {
    const errors = duplicateIdErrors([
      { line: 1, id: 'enf_a' },
      { line: 3, id: 'enf_b' },
      { line: 7, id: 'enf_a' },
      { line: 9, id: 'enf_a' },
    ]);
    assert.equal(errors.length, 2);
    assert.match(errors[0]!, /^line 7: id 'enf_a' is the same as on line 1/u);
    assert.match(errors[1]!, /^line 9: id 'enf_a' is the same as on line 1/u);
    assert.deepEqual(
      duplicateIdErrors([
        { line: 1, id: 'a' },
        { line: 2, id: 'b' },
      ]),
      [],
    );
  });
});
