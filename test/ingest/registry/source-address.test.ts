import { test } from 'node:test';
import assert from 'node:assert/strict';
import { addressSummary } from '../../../src/ingest/registry/source-address.js';
import { sourceRegistry } from '../../../src/ingest/registry/source-registry.js';

test('the address summary says what the URL is and what is read from it', () => {
  const summary = (id: string) => addressSummary(sourceRegistry().get(id)!);
  assert.equal(summary('pref-01-procurement-suspensions'), 'list_file xls');
  assert.equal(summary('pref-28-procurement-suspensions'), 'list_file pdf +7');
  assert.equal(summary('pref-22-procurement-suspensions'), 'list_page html +4');
  assert.equal(summary('city-14130-procurement-suspensions'), 'list_page → all pdf +1');
  assert.equal(summary('mhlw-labour-law-violations'), 'list_page → pdf');
  assert.equal(summary('city-23100-procurement-suspensions'), 'site_root');
});
