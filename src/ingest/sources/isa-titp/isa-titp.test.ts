// Golden tests of the Immigration Services Agency's technical-intern lists (test/fixtures/government/isa), and a list of
// another year laid out the same way, written here: one record per organisation and date, numbers folded in.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import XLSX, { type CellObject } from '@e965/xlsx';
import { parse as parseIsaTitpXlsx } from './parser.js';
import type { ParsedList } from '../../parsers/source-parser.js';
import { sourceRegistry } from '../../registry/source-registry.js';
import type { LicenseActionInput } from '../../../domain/records/record-input.js';
import { sharedData } from '../../../../test/helpers/shared-data.js';

const REVOCATIONS = 'isa-titp-certification-revocations';
const LICENCES = 'isa-titp-supervising-org-revocations';
const ORDERS = 'isa-titp-improvement-orders';

async function parse(
  bytes: Uint8Array,
  sourceId: string,
  url = 'https://www.moj.go.jp/isa/content/test.xlsx',
): Promise<ParsedList> {
  const outcome = await parseIsaTitpXlsx(bytes, {
    source: sourceRegistry().get(sourceId)!,
    url,
    retrieved_at: '2026-11-20T00:00:00Z',
  });
  if (!outcome.ok) assert.fail(`${outcome.error}\n${outcome.problems.join('\n')}`);
  return outcome;
}

async function parseFile(file: string, sourceId: string): Promise<LicenseActionInput[]> {
  return (await parse(new Uint8Array(fs.readFileSync(sharedData(`isa/${file}`))), sourceId))
    .records as LicenseActionInput[];
}

// organisations and numbers per file; the numbers include the changed certifications (変認…) listed under an organisation
const FILES: readonly (readonly [file: string, source: string, records: number, numbers: number])[] = [
  ['isa_titp_kanri_dantai_kyoka_torikeshi.xlsx', LICENCES, 63, 63],
  ['isa_titp_kanri_dantai_kaizen_meirei.xlsx', ORDERS, 39, 0],
  ['isa_titp_jisshisha_kaizen_meirei.xlsx', ORDERS, 15, 1],
  ['isa_titp_nintei_torikeshi_fy2018.xlsx', REVOCATIONS, 8, 151],
  ['isa_titp_nintei_torikeshi_fy2019.xlsx', REVOCATIONS, 23, 244],
  ['isa_titp_nintei_torikeshi_fy2020.xlsx', REVOCATIONS, 77, 1001],
  ['isa_titp_nintei_torikeshi_fy2021.xlsx', REVOCATIONS, 177, 2080],
  ['isa_titp_nintei_torikeshi_fy2022.xlsx', REVOCATIONS, 114, 1723],
];

for (const [file, source, records, numbers] of FILES) {
  test(`${file}: ${records} organisations, ${numbers} numbers, every record a violation of technical intern training by isa`, async () => {
    const parsed = await parseFile(file, source);
    assert.equal(parsed.length, records);
    assert.equal(
      parsed.reduce((n, r) => n + (r.permits?.length ?? 0), 0),
      numbers,
    );
    const action = sourceRegistry().get(source)!.fixed!.action_type;
    for (const r of parsed) {
      assert.deepEqual(
        [r.authority, r.sector_code, r.nature, r.action_type],
        ['isa', 'technical_intern_training', 'violation', action],
      );
      assert.match(r.date, /^20(1[89]|2\d)-\d{2}-\d{2}$/u, `${r.company.name}: ${r.date}`);
      assert.ok((r.reason_detail ?? '').length > 20, r.company.name);
    }
    assert.equal(new Set(parsed.map((r) => r.source_key)).size, parsed.length, 'one record per organisation and date');
  });
}

test('FY2018: a record field by field, its continuation rows folded into its numbers (a date cell)', async () => {
  const [first] = await parseFile('isa_titp_nintei_torikeshi_fy2018.xlsx', REVOCATIONS);
  assert.deepEqual(first!.company, {
    name: '有限会社エポック',
    address: '愛媛県宇和島市川内1067-１',
    prefecture_code: '38',
  });
  assert.equal(first!.date, '2018-07-03');
  assert.deepEqual(
    first!.permits!.map((p) => p.number),
    ['認1711001206', '認1711001207', '認1711001208', '認1711001494'],
  );
  assert.ok(
    first!.reason_detail!.startsWith(
      '出入国管理及び難民認定法第73条の２第１項第１号及び同法第76条の２の規定に基づき罰金の刑に処せられたため',
    ),
  );
  assert.equal(
    first!.source.url,
    'https://www.moj.go.jp/isa/content/test.xlsx',
    'the record cites the file it came from',
  );
});

test('dates in every form the files hold: wareki text with ASCII and full-width digits, date cells, serials', async () => {
  const [proprietor] = await parseFile('isa_titp_nintei_torikeshi_fy2019.xlsx', REVOCATIONS);
  // 「令和元年9月6日」; a sole proprietor's published name is the organisation's name
  assert.deepEqual([proprietor!.company.name, proprietor!.date], ['岩永好明', '2019-09-06']);
  const sawa = (await parseFile('isa_titp_jisshisha_kaizen_meirei.xlsx', ORDERS)).find(
    (r) => r.company.name === '株式会社さわ',
  );
  assert.equal(sawa!.date, '2019-09-06', '「令和元年９月６日」');
  assert.deepEqual(sawa!.permits, []);
  const [creative] = await parseFile('isa_titp_kanri_dantai_kyoka_torikeshi.xlsx', LICENCES);
  assert.deepEqual(
    [creative!.company.name, creative!.date, creative!.permits],
    [
      '協同組合クリエイティブ・ネット',
      '2018-12-27',
      [{ sector_code: 'technical_intern_training', number: '許1708000404' }],
    ],
  );
});

test('an address broken over two lines in its cell is one line', async () => {
  const kanetetsu = (await parseFile('isa_titp_nintei_torikeshi_fy2020.xlsx', REVOCATIONS)).find(
    (r) => r.company.name === 'カネテツデリカフーズ株式会社',
  );
  assert.equal(kanetetsu!.company.address, '兵庫県神戸市東灘区向洋町西五丁目8番地');
  assert.equal(kanetetsu!.company.prefecture_code, '28');
});

test('no representative (a person) is kept, except where the published organisation is that person', async () => {
  for (const [file, source] of FILES) {
    const workbook = XLSX.read(fs.readFileSync(sharedData(`isa/${file}`)));
    const rows = XLSX.utils.sheet_to_json<CellObject['v'][]>(workbook.Sheets[workbook.SheetNames[0]!]!, {
      header: 1,
      raw: true,
    });
    const fold = (v: CellObject['v']) => String(v ?? '').replace(/[\s\u3000]+/gu, '');
    const representatives = rows
      .slice(1)
      .filter((r) => r[1] != null && fold(r[1]) !== fold(r[0]))
      .map((r) => String(r[1]));
    assert.ok(representatives.length > 0, file);
    const text = JSON.stringify(await parseFile(file, source));
    for (const person of representatives) assert.ok(!text.includes(person), `${file}: ${person}`);
  }
});

/** A list of another fiscal year as the agency lays it out, with a second sheet for one organisation's numbers. */
function anotherYear(): Uint8Array {
  const workbook = XLSX.utils.book_new();
  const main = XLSX.utils.aoa_to_sheet([
    ['実習実施者名', '代表者名', '所在地', '取り消した技能実習計画の認定番号', '措置理由', '措置年月日'],
    [
      '見本縫製株式会社',
      '見本　太郎',
      '岐阜県岐阜市見本町1番地',
      '認2304000001',
      '技能実習計画に従って技能実習を行わせていなかったため。',
      45382,
    ],
    [null, null, null, '認2304000002', null, null],
    [null, null, null, '変認2304000003', null, null],
    [null, null, null, null, null, null],
    [
      '架空農園',
      '架空　花子',
      '熊本県熊本市中央区架空2-3\n見本ビル',
      '別紙のとおり',
      '賃金の不払いが認められたため。',
      '令和６年１２月２０日',
    ],
    [
      '見本縫製株式会社',
      '見本　太郎',
      '岐阜県岐阜市見本町1番地',
      '認2304000004',
      '技能実習計画に従って技能実習を行わせていなかったため。',
      45382,
    ],
  ]);
  XLSX.utils.book_append_sheet(workbook, main, '実習実施者');
  const numbers = XLSX.utils.aoa_to_sheet([
    ['架空農園　取り消した認定番号'],
    ...Array.from({ length: 120 }, (_, i) => [`認24050${String(i).padStart(5, '0')}`]),
  ]);
  XLSX.utils.book_append_sheet(workbook, numbers, '別紙');
  return new Uint8Array(XLSX.write(workbook, { bookType: 'xlsx', type: 'buffer' }) as Buffer);
}

test('another year: a serial date, 和暦 text, a repeated organisation and date folded, a second sheet of numbers', async () => {
  const parsed = await parse(anotherYear(), REVOCATIONS);
  const records = parsed.records as LicenseActionInput[];
  assert.deepEqual(
    records.map((r) => [r.company.name, r.date, r.permits!.length]),
    [
      ['見本縫製株式会社', '2024-03-31', 4],
      ['架空農園', '2024-12-20', 120],
    ],
  );
  assert.deepEqual(
    records[0]!.permits!.map((p) => p.number),
    ['認2304000001', '認2304000002', '変認2304000003', '認2304000004'],
  );
  assert.equal(records[1]!.company.address, '熊本県熊本市中央区架空2-3見本ビル');
  assert.deepEqual(
    parsed.skipped_rows.map((s) => [s.row, s.reason]),
    [[5, 'a blank row']],
  );
  assert.ok(!JSON.stringify(records).includes('見本　太郎'));
});

test("a workbook without the list's columns fails and says what it looked for", async () => {
  const workbook = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(
    workbook,
    XLSX.utils.aoa_to_sheet([
      ['業者名', '所在地'],
      ['見本', '東京都'],
    ]),
    '一覧',
  );
  const outcome = await parseIsaTitpXlsx(
    new Uint8Array(XLSX.write(workbook, { bookType: 'xlsx', type: 'buffer' }) as Buffer),
    {
      source: sourceRegistry().get(REVOCATIONS)!,
      url: 'https://example.go.jp/x.xlsx',
      retrieved_at: '2026-11-20T00:00:00Z',
    },
  );
  assert.equal(outcome.ok, false);
  assert.match(!outcome.ok ? outcome.error : '', /no sheet has the list's columns.*「一覧」/u);
});
