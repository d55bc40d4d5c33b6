// Counts, for every real list in test/fixtures/government, the records with an address and no prefecture: as the start of the
// address alone gave it (before the municipality table and the issuer were read), and as the write path gives it now (municipality, designated city, issuer).
// Run: node --import tsx bench/prefecture-coverage.ts
import { readFileSync, readdirSync } from 'node:fs';
import { resolveParser } from '../src/ingest/collect/resolve-parser.js';
import { sourceRegistry } from '../src/ingest/registry/source-registry.js';
import { validateRecordLine } from '../src/domain/records/record-validation.js';
import { prefectureOfAddress, splitAddress } from '../src/domain/address-prefecture.js';
import { impliedPrefecture } from '../src/domain/implied-prefecture.js';
import type { RecordInput } from '../src/domain/records/record-input.js';
import { sharedData } from '../test/helpers/shared-data.js';

interface List {
  readonly name: string;
  readonly source: string;
  readonly files: readonly string[];
}

const isa = readdirSync(sharedData('isa')).filter((f) => f.endsWith('.xlsx'));
const LISTS: readonly List[] = [
  {
    name: 'MHLW labour-law violations (9 PDF editions)',
    source: 'mhlw-labour-law-violations',
    files: [
      'mhlw/000534084.pdf',
      ...readdirSync(sharedData('mhlw/editions'))
        .filter((f) => f.endsWith('.pdf'))
        .map((f) => `mhlw/editions/${f}`),
    ],
  },
  {
    name: 'ISA certification revocations',
    source: 'isa-titp-certification-revocations',
    files: isa.filter((f) => f.includes('nintei_torikeshi')).map((f) => `isa/${f}`),
  },
  {
    name: 'ISA improvement orders',
    source: 'isa-titp-improvement-orders',
    files: isa.filter((f) => f.includes('kaizen_meirei')).map((f) => `isa/${f}`),
  },
  {
    name: 'ISA supervising-organisation revocations',
    source: 'isa-titp-supervising-org-revocations',
    files: isa.filter((f) => f.includes('kyoka_torikeshi')).map((f) => `isa/${f}`),
  },
  { name: 'CAA 景品表示法 releases', source: 'caa-keihyo-actions', files: ['caa/keihyo_release_2024_index.main.html'] },
];

/** What the write path gave before: the code the parser set, else a prefecture named at the start of the address. */
function before(input: RecordInput): string | null {
  if (input.company.prefecture_code) return input.company.prefecture_code;
  return prefectureOfAddress(input.company.address ?? '');
}

async function records(list: List): Promise<RecordInput[]> {
  const source = sourceRegistry().get(list.source);
  const parse = source && resolveParser(source);
  if (!source || !parse) throw new Error(`no parser for ${list.source}`);
  const out: RecordInput[] = [];
  for (const file of list.files) {
    const bytes = readFileSync(sharedData(file));
    const parsed = await parse(new Uint8Array(bytes), {
      source,
      url: source.url,
      retrieved_at: '2026-11-25T00:00:00Z',
    });
    if (!parsed.ok) throw new Error(`${file}: ${parsed.error}`);
    out.push(...parsed.records);
  }
  return out;
}

const checks: string[] = [];
console.log(
  '| list | records | with an address | no prefecture before | placed by municipality | by issuer among namesakes | no prefecture now |',
);
console.log('|---|---:|---:|---:|---:|---:|---:|');
for (const list of LISTS) {
  const all = await records(list);
  const addressed = all.filter((r) => (r.company.address ?? '').trim() !== '');
  let missingBefore = 0;
  let missingNow = 0;
  let byMunicipality = 0;
  let byIssuer = 0;
  const left: string[] = [];
  const placed: string[] = [];
  for (const input of addressed) {
    if (before(input) === null) {
      missingBefore++;
      const address = input.company.address ?? '';
      const alone = impliedPrefecture(address);
      const withIssuer = impliedPrefecture(address, input.authority);
      if (alone !== null) byMunicipality++;
      else if (withIssuer !== null) byIssuer++;
      placed.push(`${address.slice(0, 12)} → ${alone ?? `${withIssuer ?? '-'} (issuer ${input.authority})`}`);
    }
    const valid = validateRecordLine(input, 1);
    if (valid.ok && valid.record.company.prefecture_code === null) {
      missingNow++;
      left.push(`${input.authority} ${input.company.address ?? ''}`);
    }
  }
  checks.push(`${list.name}: ${agreement(addressed)}`);
  console.log(
    `| ${list.name} | ${all.length} | ${addressed.length} | ${missingBefore} | ${byMunicipality} | ${byIssuer} | ${missingNow} |`,
  );
  if (placed.length > 0) console.error(`  placed (${list.name}): ${placed.join(' / ')}`);
  if (left.length > 0) console.error(`  left without a prefecture (${list.name}): ${left.slice(0, 20).join(' / ')}`);
}
console.log('\nThe addresses that name their prefecture, read without it (the table checked against the text):');
for (const line of checks) console.log(`- ${line}`);

/** How the municipality alone places the addresses that name their prefecture, the name taken off. */
function agreement(addressed: readonly RecordInput[]): string {
  let same = 0;
  let other = 0;
  let none = 0;
  for (const input of addressed) {
    const { prefecture: named, rest } = splitAddress(input.company.address ?? '');
    if (named === null) continue;
    const implied = impliedPrefecture(rest);
    if (implied === null) none++;
    else if (implied === named.code) same++;
    else {
      other++;
      console.error(`  placed elsewhere: ${named.name}${rest}`);
    }
  }
  return `${same} placed in it, ${other} elsewhere, ${none} not placed (a shared or unknown name)`;
}

// The JFTC's dataset (jftc/actions.csv) carries no address column: none of its 361 records has an address to read.
