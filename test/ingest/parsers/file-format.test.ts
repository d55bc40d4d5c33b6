import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { formatFits, formatOfBytes } from '../../../src/ingest/parsers/file-format.js';
import { sharedData } from '../../helpers/shared-data.js';

test('a file is told by its first bytes, whatever its name', () => {
  const cases: readonly (readonly [string, Uint8Array, string | null])[] = [
    ['the MHLW PDF', readFileSync(sharedData('mhlw/000534084.pdf')), 'pdf'],
    ['an ISA workbook', readFileSync(sharedData('isa/isa_titp_kanri_dantai_kaizen_meirei.xlsx')), 'xlsx'],
    ['a legacy workbook', new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]), 'xls'],
    ['the CAA index page', readFileSync(sharedData('caa/keihyo_release_2024_index.main.html')), 'html'],
    ['markup after a BOM and blank lines', new TextEncoder().encode('\uFEFF\n\n  <!DOCTYPE html><table>'), 'html'],
    ['the JFTC CSV', readFileSync(sharedData('jftc/actions.csv')), 'csv'],
    ['a Shift_JIS CSV', readFileSync(sharedData('nta/diff_20260127.sjis.csv')).subarray(0, 4096), 'csv'],
    ['a binary file of no list format', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]), null],
  ];
  for (const [name, bytes, format] of cases) assert.equal(formatOfBytes(bytes), format, name);
});

test('a reader of a format fits its own, and the Excel reader either workbook format', () => {
  assert.ok(formatFits('xlsx', 'xls') && formatFits('xls', 'xlsx') && formatFits('pdf', 'pdf'));
  assert.ok(!formatFits('html', 'csv') && !formatFits('csv', 'xlsx') && !formatFits('pdf', 'html'));
});
