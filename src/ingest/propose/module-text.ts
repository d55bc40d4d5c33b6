// The source.ts `sources propose` prints: a module of one table source, its mapping the proposed one, every value the
// table cannot tell marked TODO, so that an operator starts the module's folder from it.
import type { RecordKind } from '../../domain/records/record.js';
import type { ColumnMapping, FixedValues, TextEncoding } from '../parsers/column-mapping.js';
import type { SourceFormat } from '../registry/source-entry.js';
import { LINE_BREAK } from '../../domain/text/untrusted-text.js';

export interface ProposedModule {
  readonly kind: RecordKind;
  readonly format: SourceFormat;
  /** The list's address when it was read from one; a TODO otherwise. */
  readonly url: string | null;
  readonly mapping: ColumnMapping;
  /** The fields the kind needs that no column gives and no --fixed value fills. */
  readonly todo: readonly (keyof FixedValues)[];
  /** Why a fixed value is what it is, where the table's words gave it. */
  readonly fixed_why?: ReadonlyMap<keyof FixedValues, string>;
  /** Lines of comment above the action words: what their words say that no field reads. */
  readonly action_notes?: readonly string[];
}

/** A string as a TypeScript literal in the repository's style (single quotes), a line break in it escaped. */
function quoted(text: string): string {
  const escaped = text.replace(/\\/gu, '\\\\').replace(/'/gu, "\\'");
  const unicodeEscape = (c: string) => `\\u${(c.codePointAt(0) ?? 0).toString(16).padStart(4, '0')}`;
  return `'${escaped.replace(LINE_BREAK, (brk) => [...brk].map(unicodeEscape).join(''))}'`;
}

function encodingLine(encoding: TextEncoding | undefined): string[] {
  return encoding === undefined ? [] : [`        encoding: ${quoted(encoding)},`];
}

/** A comment's text, never closing the comment it is in nor starting a line of its own. */
function commented(text: string): string {
  return text.replace(/\*\//gu, '* /').replace(LINE_BREAK, ' ');
}

/** A column's words and the codes proposed for them, each to check (a 'TODO' where no code's words are in it). */
function wordCodeLines(name: string, pairs: ColumnMapping['action_types'], notes: readonly string[] = []): string[] {
  if (pairs === undefined || pairs.length === 0) return [];
  return [
    `        // the column's words, each with the code they name: check each, and fill in a TODO`,
    ...notes.map((note) => `        // ${commented(note)}`),
    `        ${name}: [`,
    ...pairs.map(([words, code]) => `          [${quoted(words)}, ${quoted(code)}],`),
    '        ],',
  ];
}

function fixedLine(proposed: ProposedModule): string[] {
  const why = proposed.fixed_why ?? new Map<keyof FixedValues, string>();
  const fixed = [
    ...Object.entries(proposed.mapping.fixed ?? {}).map(([field, value]) => {
      const named = [...why].find(([key]) => key === field)?.[1];
      return `${field}: ${quoted(String(value))}${named === undefined ? '' : ` /* ${commented(named)} */`}`;
    }),
    ...proposed.todo.map((field) => `${field}: 'TODO' /* no column gives it: a code of its vocabulary */`),
  ];
  return fixed.length === 0 ? [] : [`        fixed: { ${fixed.join(', ')} },`];
}

/** The module's text, ready to be saved as src/ingest/sources/<folder>/source.ts and completed where it says TODO. */
export function moduleText(proposed: ProposedModule): string {
  const { mapping } = proposed;
  const columns = Object.entries(mapping.columns).map(
    ([field, spellings]) => `          ${field}: [${(spellings ?? []).map(quoted).join(', ')}],`,
  );
  const page = proposed.format === 'html';
  return [
    "import type { SourceModule } from '../../registry/source-module.js';",
    '',
    'export const source: SourceModule = {',
    '  sources: [',
    '    {',
    "      id: 'TODO', // lower-case words joined by '-', the folder's name",
    "      publisher: 'TODO', // the publisher's authority code (GET /api/v1/vocabularies, `authority`)",
    `      record_kind: ${quoted(proposed.kind)},`,
    "      title: 'TODO', // the list's title, as the publisher gives it",
    `      url: ${proposed.url === null ? "'TODO', // the list's address" : `${quoted(proposed.url)},`}`,
    `      url_kind: ${quoted(page ? 'list_page' : 'list_file')},`,
    `      format: ${quoted(proposed.format)},`,
    '      mapping: {',
    ...encodingLine(mapping.encoding),
    ...(mapping.sheet === undefined ? [] : [`        sheet: ${quoted(mapping.sheet)},`]),
    '        columns: {',
    ...columns,
    '        },',
    ...fixedLine(proposed),
    ...wordCodeLines('action_types', mapping.action_types, proposed.action_notes),
    ...wordCodeLines('sectors', mapping.sectors),
    '      },',
    '      // proposed from the header words and the values of one list; its first collection proves it',
    '      unproven: true,',
    '    },',
    '  ],',
    '};',
  ].join('\n');
}
