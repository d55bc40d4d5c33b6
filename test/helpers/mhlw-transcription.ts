// The hand transcriptions of the MHLW list (nyampire/jp_labor_act_illegal_list, CC0) lined up with a parse,
// field by field: the golden tests' measure of agreement.
import fs from 'node:fs';
import type { EnforcementInput } from '../../src/domain/records/record-input.js';
import { authorities } from '../../src/domain/vocabularies/authorities.js';
import { parseJapaneseDate } from '../../src/domain/wareki.js';

export const FIELDS = ['name', 'address', 'date', 'bureau', 'laws', 'summary'] as const;
export type Field = (typeof FIELDS)[number];

export interface TranscribedRow {
  /** The TSV line (the header is line 1). */
  readonly line: number;
  readonly values: Readonly<Record<Field, string>>;
}

/** NFKC, no white space; the transcription's CP932 round trip (〜 for ～, − for －) undone. */
function fold(text: string): string {
  return text.normalize('NFKC').replace(/\s+/gu, '').replace(/〜/gu, '~').replace(/−/gu, '-');
}

export function readTranscription(path: string): TranscribedRow[] {
  const lines = fs.readFileSync(path, 'utf8').split('\n');
  const header = lines[0]?.split('\t') ?? [];
  const at = (name: string): number => header.indexOf(name);
  const rows: TranscribedRow[] = [];
  lines.slice(1).forEach((text, i) => {
    if (text.trim() === '') return;
    const cells = text.split('\t');
    const cell = (name: string): string => cells[at(name)] ?? '';
    const date = parseJapaneseDate(cell('公表日'));
    rows.push({
      line: i + 2,
      values: {
        bureau: cell('管轄'),
        name: cell('企業・事業場名称'),
        address: cell('所在地'),
        date: date.ok ? date.date : cell('公表日'),
        laws: cell('違反法条').split(',').join('、'),
        summary: cell('事案概要'),
      },
    });
  });
  return rows;
}

function valuesOf(record: EnforcementInput): Record<Field, string> {
  return {
    bureau: authorities.get(record.authority)?.name ?? record.authority,
    name: record.company.name,
    address: record.company.address ?? '',
    date: record.date,
    laws: record.law_detail ?? '',
    summary: record.summary ?? '',
  };
}

export interface Agreement {
  /** Transcribed rows with no parsed record of the same name and date in the same order. */
  readonly unmatched: readonly number[];
  /** Per field, the transcribed rows (their TSV lines) whose value differs from the parse's. */
  readonly differing: Readonly<Record<Field, readonly string[]>>;
  readonly rows: number;
}

/**
 * Lines the transcription up with the parse by name and date in order (a longest common subsequence, as the
 * transcription misses a few rows), then compares every field of each pair after fold().
 */
export function agreement(rows: readonly TranscribedRow[], records: readonly EnforcementInput[]): Agreement {
  const parsed = records.map(valuesOf);
  const key = (v: Record<Field, string>): string => `${fold(v.name)}|${v.date}`;
  const a = rows.map((r) => key(r.values));
  const b = parsed.map(key);
  const lcs = Array.from({ length: a.length + 1 }, () => new Uint16Array(b.length + 1));
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      lcs[i]![j] = a[i] === b[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
    }
  }
  const pairs = new Map<number, number>();
  for (let i = 0, j = 0; i < a.length && j < b.length;) {
    if (a[i] === b[j]) pairs.set(i++, j++);
    else if (lcs[i + 1]![j]! >= lcs[i]![j + 1]!) i++;
    else j++;
  }
  // A row whose name or date differs is paired with the parsed row between its neighbours' partners, if one.
  const taken = new Set(pairs.values());
  rows.forEach((_, i) => {
    if (pairs.has(i)) return;
    let k = i - 1;
    while (k >= 0 && !pairs.has(k)) k--;
    const candidate = (k < 0 ? -1 : pairs.get(k)!) + 1;
    if (candidate < parsed.length && !taken.has(candidate)) {
      pairs.set(i, candidate);
      taken.add(candidate);
    }
  });
  const differing = Object.fromEntries(FIELDS.map((f) => [f, [] as string[]])) as Record<Field, string[]>;
  const unmatched: number[] = [];
  rows.forEach((row, i) => {
    const j = pairs.get(i);
    if (j === undefined) {
      unmatched.push(row.line);
      for (const f of FIELDS) differing[f].push(`${row.line}`);
      return;
    }
    for (const f of FIELDS) {
      if (fold(row.values[f]) !== fold(parsed[j]![f]))
        differing[f].push(`${row.line}: ${row.values[f]} ≠ ${parsed[j]![f]}`);
    }
  });
  return { unmatched, differing, rows: rows.length };
}
