// The tables of docs/data-sources.md that say what a source file holds: its keys (from the schema a file is validated
// against, registry/source-file-schema.ts) and each kind's fields (what each means, an example, whether the kind
// requires it, the header words `sources propose` knows it by), made from the code so that they cannot drift from it.
// test/docs/source-fields-doc.test.ts holds the document to them; this rewrites them:
//
//   npm run docs:fields
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { RECORD_KINDS, type RecordKind } from '../src/domain/records/record.js';
import {
  FIELD_MEANINGS,
  MAPPED_FIELDS,
  kindReads,
  requiredColumns,
  type MappedField,
} from '../src/ingest/parsers/column-mapping.js';
import { isObject, propertyOf, textOf } from '../src/lib/is-object.js';
import { commonHeaderWords } from '../src/ingest/propose/header-words.js';
import { FIXABLE } from '../src/ingest/propose/proposal-report.js';
import { SOURCE_FILE } from '../src/ingest/registry/source-file-schema.js';

export const DATA_SOURCES = fileURLToPath(new URL('../docs/data-sources.md', import.meta.url));
const START = '<!-- source-fields: made by `npm run docs:fields` from the code; edit the code, not these lines -->';
const END = '<!-- /source-fields -->';

/** A cell's text, its pipes escaped. */
const cell = (text: string) => text.replaceAll('|', '\\|');

/** Each key of an object schema, nested objects' keys after it under its name (`mapping.columns`). */
function keyRows(schema: unknown, prefix: string): string[] {
  const properties = propertyOf(schema, 'properties');
  const requiredKeys = propertyOf(schema, 'required');
  const required = new Set(Array.isArray(requiredKeys) ? requiredKeys.map(textOf) : []);
  return Object.entries(isObject(properties) ? properties : {}).flatMap(([key, property]) => {
    const name = `${prefix}${key}`;
    const description = textOf(propertyOf(property, 'description') ?? '');
    const row = `| \`${name}\` | ${required.has(key) ? 'required' : ''} | ${cell(description)} |`;
    // the columns are the table of fields below; the fixed values, a column's stand-ins, are said with them
    const nested = propertyOf(property, 'type') === 'object' && !['columns', 'fallbacks', 'fixed'].includes(key);
    return nested ? [row, ...keyRows(property, `${name}.`)] : [row];
  });
}

/** Whether a kind requires the field: always, or unless a value fixes it, or unless another field gives it; or reads it. */
function requirement(kind: RecordKind, field: MappedField): string {
  if (!kindReads(kind, field)) return '';
  const bare = requiredColumns(kind, { columns: {} }).includes(field);
  const fixedAll = { action_type: 'x', law: 'x', sector_code: 'x' };
  const unlessFixed = !requiredColumns(kind, { columns: {}, fixed: fixedAll }).includes(field);
  const byFrom = requiredColumns(kind, { columns: { period_from: ['x'] } }).includes(field);
  if (bare && unlessFixed) return `required, or \`fixed.${FIXABLE[field] ?? field}\``;
  if (bare && !byFrom) return 'required, or `period_from`';
  if (!bare && byFrom) return 'required, or `period`';
  return bare ? 'required' : 'read';
}

/** The two tables, between the markers that hold them in the document. */
export function sourceFieldsSection(): string {
  const words = (field: MappedField) =>
    commonHeaderWords(field)
      .map((word) => word.replaceAll('_', ' '))
      .join(', ');
  return [
    START,
    '',
    'The keys of a source file (a key of `mapping` after it):',
    '',
    '| Key | | What it holds |',
    '|---|---|---|',
    ...keyRows(SOURCE_FILE, ''),
    '',
    "Each kind's fields, the keys of `mapping.columns`: the header of the column each is read from. A kind reads the",
    'fields it has a word for; `required` fields must have a column (or a fixed value where one may stand for it).',
    "`sources propose` knows a column by the words below, and by the spellings of the registry's own mappings:",
    '',
    `| Field | What it holds | Example | ${RECORD_KINDS.map((kind) => `\`${kind}\``).join(' | ')} | Header words |`,
    `|---|---|---|${RECORD_KINDS.map(() => '---|').join('')}---|`,
    ...MAPPED_FIELDS.map((field) => {
      const { meaning, example } = FIELD_MEANINGS[field];
      const kinds = RECORD_KINDS.map((kind) => requirement(kind, field)).join(' | ');
      return `| \`${field}\` | ${cell(meaning)} | ${cell(example)} | ${kinds} | ${cell(words(field))} |`;
    }),
    '',
    END,
  ].join('\n');
}

/** The document with its tables made anew, or null when it has no markers to hold them. */
export function withFieldsSection(document: string): string | null {
  const start = document.indexOf(START);
  const end = document.indexOf(END);
  if (start < 0 || end < start) return null;
  return `${document.slice(0, start)}${sourceFieldsSection()}${document.slice(end + END.length)}`;
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  const made = withFieldsSection(readFileSync(DATA_SOURCES, 'utf8'));
  if (made === null) throw new Error(`${DATA_SOURCES} has no ${START} … ${END} to write the tables between`);
  writeFileSync(DATA_SOURCES, made);
  console.log(`wrote the tables of source files in ${DATA_SOURCES}`);
}
