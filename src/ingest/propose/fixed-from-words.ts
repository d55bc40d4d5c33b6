// The values a table gives every record in words, where no column gives them: the sector its laws or permits name
// (「建設業法第28条」, 「知事許可（般-3）」: construction), the one law its summaries or title cite, the action its title
// names (「勧告一覧」). What `sources propose` proposes as a mapping's fixed values before it marks one TODO. Pure.
import type { RecordKind } from '../../domain/records/record.js';
import type { Vocabulary } from '../../domain/vocabulary.js';
import { enforcementActionTypes, licenseActionTypes, sectors } from '../../domain/vocabularies/enums.js';
import type { FixedValues, MappedField } from '../parsers/column-mapping.js';
import { splitCitations } from '../parsers/law-citations.js';
import { distinctValues } from './value-codes.js';
import { codeOfWords } from './vocabulary-words.js';

export interface ProposedFixed {
  readonly field: keyof FixedValues;
  readonly code: string;
  /** Where the words are: 「建設業法第28条第1項違反」 of 「処分理由」. */
  readonly why: string;
}

/** What the table says in words: its title (the rows above the header, its caption), and its columns' cells. */
export interface TableWords {
  readonly title: string;
  readonly columns: ReadonlyMap<MappedField, number>;
  readonly headers: readonly string[];
  readonly data: readonly (readonly string[])[];
}

// A 建設業 permit: 「大阪府知事許可（般-5）第12345号」, 「国土交通大臣許可（特-4）第67890号」.
const CONSTRUCTION_PERMIT = /[(（](?:般|特)[-－ー]?[0-9０-９]+[)）]/u;

/** The values no column of the kind gives that the table's words name, one code each; none where they name several. */
export function fixedFromWords(kind: RecordKind, table: TableWords): ProposedFixed[] {
  const has = (field: MappedField) => table.columns.has(field);
  const found: ProposedFixed[] = [];
  const add = (field: keyof FixedValues, one: { code: string; why: string } | null) => {
    if (one !== null) found.push({ field, ...one });
  };
  const wordy: MappedField[] = ['law', 'reason', 'summary', 'action_type', 'permit_number'];
  if (kind === 'license_action' && !has('sector')) add('sector_code', oneCode(table, wordy, sectorOf));
  if (kind === 'enforcement' && !has('law')) add('law', oneCode(table, ['summary', 'reason'], lawsOf));
  const actions = kind === 'license_action' ? licenseActionTypes : enforcementActionTypes;
  if (kind !== 'procurement_suspension' && !has('action_type'))
    add(
      'action_type',
      oneCode(table, [], (text) => wordCode(text, actions)),
    );
  return found;
}

/** The one code the title and the fields' cells name, with the first place it is named; null for none or several. */
function oneCode(
  table: TableWords,
  fields: readonly MappedField[],
  codesOf: (text: string) => readonly string[],
): { code: string; why: string } | null {
  const places: { text: string; where: string }[] = [{ text: table.title, where: 'the title above the table' }];
  for (const field of fields) {
    const c = table.columns.get(field);
    if (c === undefined) continue;
    for (const { value } of distinctValues(table.data.map((row) => row[c] ?? '')))
      places.push({ text: value, where: `「${table.headers[c] ?? ''}」` });
  }
  let first: { code: string; why: string } | null = null;
  const codes = new Set<string>();
  for (const { text, where } of places) {
    for (const code of codesOf(text)) {
      codes.add(code);
      first ??= { code, why: `「${text.trim()}」 of ${where}` };
    }
  }
  return codes.size === 1 ? first : null;
}

function wordCode(text: string, vocabulary: Vocabulary): string[] {
  const found = codeOfWords(text, vocabulary);
  return found.kind === 'code' ? [found.code] : [];
}

function sectorOf(text: string): string[] {
  return CONSTRUCTION_PERMIT.test(text) ? ['construction'] : wordCode(text, sectors);
}

function lawsOf(text: string): string[] {
  return splitCitations(text.split('\n')).flatMap((c) => (c.law ? [c.law.code] : []));
}
