// The arguments of `kohyo sources propose`, read and checked before anything is read: the table (a file, an address, or
// a file that is a copy of the list at an address), the kind, the values and columns the operator gives, and what the
// source file it writes (--write) must hold.
import { readCommandArgs } from '../../command-args.js';
import { RECORD_KINDS, type RecordKind } from '../../domain/records/record.js';
import { REGISTRY_SOURCE_ID } from '../../domain/records/record-id.js';
import { MAX_NAME_CHARS } from '../../domain/records/text-bounds.js';
import { authorities } from '../../domain/vocabularies/authorities.js';
import { isMappedField, type FixedValues, type MappedField } from '../parsers/column-mapping.js';
import { FIXABLE } from './proposal-report.js';
import type { GivenValues } from './source-file-text.js';

export const SOURCES_PROPOSE_USAGE =
  'usage: kohyo sources propose (--file F | --url U | --file F --url U) [--kind KIND] [--fixed FIELD=CODE]... [--column FIELD=HEADER]... [--id ID --publisher CODE --title TITLE [--write]]';

export interface ProposeArgs {
  /** The table's local copy; read instead of the address when both are given. */
  readonly file: string | null;
  /** The list's address: read when no file is given, and the source's `url` either way. */
  readonly url: string | null;
  readonly kind: RecordKind | undefined;
  readonly fixed: FixedValues;
  /** The header of the column each field named is read from (--column FIELD=HEADER). */
  readonly columns: ReadonlyMap<MappedField, string>;
  /** The id, publisher, title and address the file is written with, where given. */
  readonly given: GivenValues;
  /** Write the file into the folder of source files (KOHYO_SOURCES_DIR). */
  readonly write: boolean;
}

/** The arguments, or a usage error's message. */
export function readProposeArgs(args: readonly string[]): ProposeArgs | string {
  const parsed = readCommandArgs(args, {
    options: {
      file: { type: 'string' },
      url: { type: 'string' },
      kind: { type: 'string' },
      fixed: { type: 'string', multiple: true },
      column: { type: 'string', multiple: true },
      id: { type: 'string' },
      publisher: { type: 'string' },
      title: { type: 'string' },
      write: { type: 'boolean' },
    },
  });
  if (typeof parsed === 'string') return parsed;
  const { file, url, kind, fixed = [], column = [], id, publisher, title, write = false } = parsed.values;
  if (file === undefined && url === undefined)
    return 'give --file F or --url U (or both: the file a copy of the list at U)';
  if (url !== undefined && (!/^https?:\/\//u.test(url) || !URL.canParse(url)))
    return `--url '${url}' is not an http(s) URL`;
  const asked = RECORD_KINDS.find((k) => k === kind);
  if (kind !== undefined && asked === undefined) return `--kind is one of ${RECORD_KINDS.join(', ')}`;
  const values = fixedValues(fixed);
  if (typeof values === 'string') return values;
  const columns = columnsGiven(column);
  if (typeof columns === 'string') return columns;
  const given = givenValues({ id, publisher, title, url });
  if (typeof given === 'string') return given;
  if (write && (id === undefined || publisher === undefined || title === undefined || url === undefined))
    return "--write needs --id ID, --publisher CODE, --title TITLE and --url U (the list's address; with --file F, F is its copy)";
  return { file: file ?? null, url: url ?? null, kind: asked, fixed: values, columns, given, write };
}

function fixedValues(pairs: readonly string[]): FixedValues | string {
  const values: Partial<Record<keyof FixedValues, string>> = {};
  for (const pair of pairs) {
    const [field = '', value = ''] = pair.split('=', 2);
    const key = FIXABLE[field];
    if (key === undefined || value === '')
      return `--fixed is FIELD=CODE, FIELD one of ${Object.keys(FIXABLE).join(', ')}`;
    values[key] = value;
  }
  return values;
}

function columnsGiven(pairs: readonly string[]): Map<MappedField, string> | string {
  const columns = new Map<MappedField, string>();
  for (const pair of pairs) {
    const at = pair.indexOf('=');
    const [field, header] = at < 0 ? [pair, ''] : [pair.slice(0, at), pair.slice(at + 1).trim()];
    if (!isMappedField(field) || header === '' || header.length > MAX_NAME_CHARS)
      return '--column is FIELD=HEADER, FIELD a field of the table of fields in docs/data-sources.md (summary, law, …), HEADER a header of the table';
    columns.set(field, header);
  }
  return columns;
}

/** What the operator gives of what the table cannot tell, each checked as the registry checks it. */
function givenValues(given: Record<keyof GivenValues, string | undefined>): GivenValues | string {
  const { id, publisher, title } = given;
  if (id !== undefined && (id.length > 100 || !REGISTRY_SOURCE_ID.test(id)))
    return `--id '${id}' is not lower-case ASCII words joined by '-'`;
  if (publisher !== undefined && authorities.get(publisher) === undefined)
    return `--publisher '${publisher}' is not an authority code (GET /api/v1/vocabularies, \`authority\`)`;
  if (title !== undefined && (title.trim() === '' || title.length > MAX_NAME_CHARS))
    return `--title is the list's title, 1 to ${MAX_NAME_CHARS} characters`;
  return Object.fromEntries(Object.entries(given).filter(([, value]) => value !== undefined));
}
