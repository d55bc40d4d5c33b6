import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import iconv from 'iconv-lite';
import { NtaCsvSplitter } from '../../../src/ingest/nta/nta-csv.js';
import { decodeItems, encodeItems } from '../../../src/ingest/nta/nta-item-codec.js';
import { parseItem, type ParsedItem } from '../../../src/ingest/nta/nta-parsed-rows.js';
import { REAL_FILE, sampleRow, withFields } from './nta-fixtures.js';

describe('encodeItems and decodeItems', () => {
  it('give back every parsed row of the real daily file as it was, with its terms', () => {
    const splitter = new NtaCsvSplitter();
    const items = [...splitter.push(iconv.decode(readFileSync(REAL_FILE), 'cp932')), ...splitter.end()].map((r) =>
      parseItem(r.fields, r.line),
    );
    assert.ok(items.some((i) => i.terms === null) && items.some((i) => i.terms !== null && i.terms.terms.length > 0));
    assert.deepEqual(decodeItems(encodeItems(items)), items);
  });

  it('give back rows that failed, an English name and address, and a closed company with its successor', () => {
    const row = sampleRow('1010001001879');
    const items: ParsedItem[] = [
      parseItem(row.slice(1), 7),
      parseItem(
        withFields(row, {
          25: 'Sample Co., Ltd.',
          26: 'Tokyo',
          27: '1-1, Marunouchi, Chiyoda ku',
          21: '1010001001879',
        }),
        8,
      ),
      parseItem(withFields(row, { 5: 'not a date' }), 9),
    ];
    assert.deepEqual(
      items.map((i) => i.result.ok),
      [false, true, false],
    );
    assert.deepEqual(decodeItems(encodeItems(items)), items);
  });
});
