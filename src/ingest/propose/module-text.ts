// The source.ts `sources propose` prints: a module of one table source, its mapping the proposed one, every value the
// table cannot tell marked TODO, so that an operator starts the module's folder from it.
import type { RecordKind } from '../../domain/records/record.js';
import type { ColumnMapping, FixedValues, TextEncoding } from '../parsers/column-mapping.js';
import type { SourceFormat } from '../registry/source-entry.js';

export interface ProposedModule {
  readonly kind: RecordKind;
  readonly format: SourceFormat;
  /** The list's address when it was read from one; a TODO otherwise. */
  readonly url: string | null;
  readonly mapping: ColumnMapping;
  /** The fields the kind needs that no column gives and no --fixed value fills. */
  readonly todo: readonly (keyof FixedValues)[];
}

/** A string as a TypeScript literal in the repository's style (single quotes). */
function quoted(text: string): string {
  return `'${text.replace(/\\/gu, '\\\\').replace(/'/gu, "\\'")}'`;
}

function encodingLine(encoding: TextEncoding | undefined): string[] {
  return encoding === undefined ? [] : [`        encoding: ${quoted(encoding)},`];
}

/** A column's words and the codes proposed for them, each to check (a 'TODO' where no label is close). */
function wordCodeLines(name: string, pairs: ColumnMapping['action_types']): string[] {
  if (pairs === undefined || pairs.length === 0) return [];
  return [
    `        // the column's words, each with the code its label is closest to: check each, and fill in a TODO`,
    `        ${name}: [`,
    ...pairs.map(([words, code]) => `          [${quoted(words)}, ${quoted(code)}],`),
    '        ],',
  ];
}

/** The module's text, ready to be saved as src/ingest/sources/<folder>/source.ts and completed where it says TODO. */
export function moduleText(proposed: ProposedModule): string {
  const { mapping } = proposed;
  const columns = Object.entries(mapping.columns).map(
    ([field, spellings]) => `          ${field}: [${(spellings ?? []).map(quoted).join(', ')}],`,
  );
  const fixed = [
    ...Object.entries(mapping.fixed ?? {}).map(([field, value]) => `${field}: ${quoted(String(value))}`),
    ...proposed.todo.map((field) => `${field}: 'TODO' /* no column gives it: a code of its vocabulary */`),
  ];
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
    ...(fixed.length === 0 ? [] : [`        fixed: { ${fixed.join(', ')} },`]),
    ...wordCodeLines('action_types', mapping.action_types),
    ...wordCodeLines('sectors', mapping.sectors),
    '      },',
    '      // proposed from the header words of one list; its first collection proves it',
    '      unproven: true,',
    '    },',
    '  ],',
    '};',
  ].join('\n');
}
