// The schema of a source file, one table source of the operator's folder (KOHYO_SOURCES_DIR): the registry entry a
// module's source.ts writes for a list that a mapping reads, key for key, so that a file is validated into that same
// type (SourceEntryInput). A key the entry or the mapping gains fails the type check here until the schema has it.
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { RECORD_KINDS } from '../../domain/records/record.js';
import { MAX_NAME_CHARS, MAX_TEXT_CHARS } from '../../domain/records/text-bounds.js';
import { FIELD_MEANINGS, MAPPED_FIELDS, type ColumnMapping, type MappedField } from '../parsers/column-mapping.js';
import type { SourceEntryInput } from './source-entry.js';

/** One of the values, as a union of their literals that validates as such and reads as their union type. */
const oneOf = <const T extends readonly string[]>(values: T, description: string) =>
  Type.Unsafe<T[number]>(
    Type.Union(
      values.map((value) => Type.Literal(value)),
      { description },
    ),
  );

const words = (description: string) => Type.String({ minLength: 1, maxLength: MAX_NAME_CHARS, description });

/** Most spellings of one field, pairs of words, or addresses a file may give: far more than any list needs. */
const MAX_ITEMS = 500;

/** The header spellings of a field, the first found winning. */
const spellings = (field: MappedField) =>
  Type.Optional(
    Type.Array(Type.String({ minLength: 1, maxLength: MAX_NAME_CHARS }), {
      minItems: 1,
      maxItems: MAX_ITEMS,
      description: FIELD_MEANINGS[field].meaning,
    }),
  );

const COLUMNS = Type.Object(
  {
    company_name: spellings('company_name'),
    company_address: spellings('company_address'),
    corporate_number: spellings('corporate_number'),
    date: spellings('date'),
    period: spellings('period'),
    period_from: spellings('period_from'),
    period_to: spellings('period_to'),
    reason: spellings('reason'),
    summary: spellings('summary'),
    law: spellings('law'),
    action_type: spellings('action_type'),
    sector: spellings('sector'),
    permit_number: spellings('permit_number'),
    scope: spellings('scope'),
    lifted_on: spellings('lifted_on'),
    authority: spellings('authority'),
    record_url: spellings('record_url'),
  } satisfies Record<MappedField, TSchema>,
  { additionalProperties: false },
);

const FIXED = Type.Object(
  {
    action_type: Type.Optional(words('the action every record of the list takes, a code')),
    law: Type.Optional(words('the law every record of the list applies, a code')),
    sector_code: Type.Optional(words("the trade of every record's licence, a code")),
    scope: Type.Optional(words('what every suspension of the list covers')),
  },
  {
    additionalProperties: false,
    description:
      'values every record shares, where the list has no column for them: action_type, law, sector_code, scope',
  },
);

const WORD_CODES = (description: string) =>
  Type.Optional(
    Type.Array(Type.Tuple([words('words of the column'), words('the code they name')]), {
      maxItems: MAX_ITEMS,
      description,
    }),
  );

const MAPPING_PROPERTIES = {
  columns: Type.Object(COLUMNS.properties, {
    additionalProperties: false,
    description: 'the header of the column each field is read from (several spellings, the first found winning)',
  }),
  encoding: Type.Optional(oneOf(['auto', 'utf-8', 'shift_jis'], "a CSV's text encoding; auto when absent")),
  sheet: Type.Optional(words("a workbook's sheet; the first when absent")),
  table_caption: Type.Optional(words("an HTML page's table: its caption or the heading before it")),
  date_forms: Type.Optional(
    Type.Array(oneOf(['wareki', 'western'], 'a notation of dates'), {
      minItems: 1,
      maxItems: 2,
      description: 'the notations the dates are in; both when absent',
    }),
  ),
  fixed: Type.Optional(FIXED),
  action_types: WORD_CODES('words of the action column and the codes they mean, tried in order'),
  fixed_by: Type.Optional(
    Type.Object(
      {
        column: words("the column naming a row's stream"),
        values: Type.Array(Type.Tuple([words("a stream's words"), FIXED]), {
          maxItems: MAX_ITEMS,
          description: "each stream's words, and the values its rows share",
        }),
      },
      { additionalProperties: false, description: 'values fixed per stream, where one list holds several' },
    ),
  ),
  fallbacks: Type.Optional(
    Type.Object(COLUMNS.properties, {
      additionalProperties: false,
      description: "columns read where a field's own cell is blank",
    }),
  ),
  sectors: WORD_CODES('words of the sector column and the codes they mean, tried in order'),
  source_key: Type.Optional(
    Type.Array(oneOf(MAPPED_FIELDS, 'a field'), {
      minItems: 1,
      maxItems: MAPPED_FIELDS.length,
      description: "the fields whose cells together tell the list's records apart",
    }),
  ),
} satisfies Record<keyof ColumnMapping, TSchema>;

const MAPPING = Type.Object(MAPPING_PROPERTIES, {
  additionalProperties: false,
  description: "how the list's table is read: the column of each field, and what every record shares",
});

/** The keys of a registry entry a file holds; `fixed` is a parser of its own's (a table's fixed values are its mapping's). */
const ENTRY_PROPERTIES = {
  id: Type.String({
    pattern: '^[a-z0-9]+(-[a-z0-9]+)*$',
    maxLength: 100,
    description: "the source's id, lower-case ASCII words joined by '-': the file's name",
  }),
  publisher: words("the publisher's authority code (GET /api/v1/vocabularies, `authority`)"),
  record_kind: oneOf(RECORD_KINDS, 'the kind of record the list holds'),
  title: words("the list's title, as the publisher gives it"),
  url: Type.String({ minLength: 1, maxLength: 2000, description: "the list's address (http or https)" }),
  url_kind: oneOf(
    ['list_file', 'list_page'],
    "'list_file' the list's own file, 'list_page' a page holding or linking it",
  ),
  list_link: Type.Optional(words('on a list_page: the pattern of the link to the list (a regular expression)')),
  follow_all_links: Type.Optional(Type.Boolean({ description: 'with list_link: read every matching link' })),
  more_urls: Type.Optional(
    Type.Array(Type.String({ minLength: 1, maxLength: 2000 }), {
      maxItems: MAX_ITEMS,
      description: 'further addresses of the same list',
    }),
  ),
  format: oneOf(['csv', 'xls', 'xlsx', 'html', 'pdf'], "the list's format, read by the table reader of it"),
  mapping: MAPPING,
  unproven: Type.Optional(Type.Boolean({ description: 'true until a real list of the source has been read' })),
  terms: Type.Optional(
    Type.String({ minLength: 1, maxLength: MAX_TEXT_CHARS, description: 'the terms the publisher puts on reuse' }),
  ),
  counts_for: Type.Optional(words('the body the list counts for in the coverage ratio, an authority code')),
  unreadable_rows: Type.Optional(
    Type.Object(
      {
        rows: Type.Integer({ minimum: 0, description: 'how many unreadable rows the list may hold' }),
        share: Type.Number({ minimum: 0, maximum: 1, description: 'and what share of its data rows (0 to 1)' }),
      },
      {
        additionalProperties: false,
        description: 'the list fails whole past this many unreadable rows and this share of its rows',
      },
    ),
  ),
  growth: Type.Optional(
    Type.Object(
      {
        factor: Type.Number({ minimum: 1, description: 'how many times the records last listed an edition may hold' }),
        rows: Type.Integer({ minimum: 0, description: 'and how many records more' }),
      },
      {
        additionalProperties: false,
        description:
          'an edition is held back for the operator past both this many times the records last listed and this many more',
      },
    ),
  ),
} satisfies Record<Exclude<keyof SourceEntryInput, 'fixed'>, TSchema>;

export const SOURCE_FILE = Type.Object(ENTRY_PROPERTIES, { additionalProperties: false });

/** What a valid file holds: a registry entry of a table source (the assignment below holds the two types together). */
export type SourceFile = Static<typeof SOURCE_FILE>;

/** A valid file's entry, as the registry takes it. */
export function entryOfFile(file: SourceFile): SourceEntryInput {
  return file;
}
