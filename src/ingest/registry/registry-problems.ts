// The registry's checks, one sentence per inconsistency: ids used twice, unknown authorities, addresses, parsers that do
// not fit their formats or mappings. Each names its source, and for a source file the line and key at fault.
import { authorities, authorityAndOffices } from '../../domain/vocabularies/authorities.js';
import { REGISTRY_SOURCE_ID } from '../../domain/records/record-id.js';
import { messageOf } from '../../lib/error-of.js';
import { FIELD_MEANINGS, isMappedField, requiredColumns } from '../parsers/column-mapping.js';
import { NOT_WRITTEN, type ModuleEntry, type SourceEntryInput } from './source-entry.js';

/** A problem of one entry: the key at fault (`publisher`, `mapping.columns.summary`) and what is wrong. */
type Fault = readonly [key: string, text: string];

/** One sentence per inconsistency, every entry's and the ids used twice. */
export function registryProblems(entries: readonly ModuleEntry[]): string[] {
  const problems: string[] = [];
  const seen = new Map<string, string>();
  const parsers = new Map<string, string>();
  const said = (entry: ModuleEntry, [key, text]: Fault) => problems.push(`${placeOf(entry, key)}: ${text}`);
  for (const entry of entries) {
    const first = seen.get(entry.id);
    if (first !== undefined) said(entry, ['id', `the id is used twice${twiceWhere(first, entry.origin)}`]);
    seen.set(entry.id, entry.origin ?? '');
    for (const fault of entryFaults(entry)) said(entry, fault);
    const own = entry.own_parser;
    if (own !== undefined && parsers.get(own.id) !== undefined && parsers.get(own.id) !== own.file)
      said(entry, ['parser', `parser id '${own.id}' names two different parsers`]);
    if (own !== undefined) parsers.set(own.id, own.file);
  }
  return problems;
}

/** `source 'x'`, and for a source file the line of the key at fault: `source 'x' (x.yaml, line 4: mapping)`. */
function placeOf(entry: ModuleEntry, key: string): string {
  const at = `source '${entry.id}'`;
  if (entry.line_of === undefined) return at;
  return `${at} (${entry.origin ?? 'its file'}, line ${entry.line_of(key)}: ${key})`;
}

/** Where the two entries of one id are written: an id is one source's (an unread list's is taken by its module). */
function twiceWhere(first: string, second: string | undefined): string {
  if (first === '' || second === undefined) return '';
  return ` (in ${first} and in ${second}): give one of them another id`;
}

function entryFaults(entry: ModuleEntry): Fault[] {
  const faults: Fault[] = [];
  if (!REGISTRY_SOURCE_ID.test(entry.id)) faults.push(['id', "an id is lower-case ASCII words joined by '-'"]);
  const publisher = authorities.get(entry.publisher);
  if (!publisher) faults.push(['publisher', `publisher '${entry.publisher}' is not an authority code`]);
  if (entry.counts_for !== undefined) {
    const body = authorities.get(entry.counts_for);
    if (!body) faults.push(['counts_for', `counts_for '${entry.counts_for}' is not an authority code`]);
    else if (publisher && body.group !== publisher.group) {
      faults.push([
        'counts_for',
        `counts_for '${entry.counts_for}' is in group ${body.group}, the publisher in ${publisher.group}`,
      ]);
    } else if (publisher && !authorityAndOffices(body.code).includes(publisher.code)) {
      // the body a list counts for is one the publisher is an office of (the authorities' `parent`)
      faults.push(['counts_for', `counts_for '${entry.counts_for}' is not a body '${publisher.code}' is under`]);
    }
  }
  if (!/^https?:\/\/[^\s/]+/u.test(entry.url) || !URL.canParse(entry.url))
    faults.push(['url', `url '${entry.url}' is not an http(s) URL`]);
  if (entry.title.trim() === '') faults.push(['title', 'the title is blank']);
  if (entry.list_link !== undefined)
    faults.push(...listLinkProblems(entry.list_link, entry.format).map((p): Fault => ['list_link', p]));
  faults.push(...parserFaults(entry));
  const rule = entry.unreadable_rows;
  if (rule !== undefined && !(Number.isInteger(rule.rows) && rule.rows >= 0 && rule.share >= 0 && rule.share <= 1))
    faults.push(['unreadable_rows', 'unreadable_rows is a count of rows (0 or more) and a share from 0 to 1']);
  const growth = entry.growth;
  if (growth !== undefined && !(Number.isInteger(growth.rows) && growth.rows >= 0 && growth.factor >= 1))
    faults.push(['growth', 'growth is a factor of 1 or more and a count of rows (0 or more)']);
  return faults;
}

function listLinkProblems(pattern: string, format: SourceEntryInput['format']): string[] {
  const problems: string[] = [];
  if (format === 'html') problems.push('list_link follows a link to a file; an html list is read from its own page');
  try {
    new RegExp(pattern, 'u');
  } catch (error) {
    problems.push(`list_link is not a regular expression: ${messageOf(error)}`);
  }
  return problems;
}

function parserFaults(entry: ModuleEntry): Fault[] {
  const own = entry.own_parser;
  if (own !== undefined) {
    const faults: Fault[] = [];
    if (!/^[a-z0-9]+(-[a-z0-9]+)*$/u.test(own.id))
      faults.push(['parser', `parser id '${own.id}' is not lower-case words joined by '-'`]);
    if (own.id === NOT_WRITTEN || own.id.endsWith('-table'))
      faults.push(['parser', `parser id '${own.id}' is reserved`]);
    if (entry.mapping) faults.push(['mapping', `parser '${own.id}' has its own layout and takes no mapping`]);
    return faults;
  }
  if (entry.fixed)
    return [['fixed', 'fixed values are for a parser of its own; a table source puts them in its mapping']];
  if (!entry.mapping)
    return entry.unproven ? [['unproven', 'unproven says a mapping is untried, but there is no mapping']] : [];
  const { mapping } = entry;
  const faults: Fault[] = [];
  for (const field of Object.keys(mapping.columns)) {
    if (!isMappedField(field)) faults.push([`mapping.columns.${field}`, `mapping names an unknown field '${field}'`]);
  }
  for (const field of requiredColumns(entry.record_kind, mapping)) {
    if (!mapping.columns[field]?.length)
      faults.push([
        'mapping.columns',
        `mapping has no column for the required field '${field}' (${FIELD_MEANINGS[field].meaning}): give its column's header under mapping.columns.${field}`,
      ]);
  }
  for (const field of mapping.source_key ?? []) {
    if (!isMappedField(field) || mapping.columns[field] === undefined)
      faults.push(['mapping.source_key', `mapping's source_key names '${field}', which is not one of its columns`]);
  }
  if (mapping.encoding !== undefined && entry.format !== 'csv')
    faults.push(['mapping.encoding', `an encoding is given for a ${entry.format} source`]);
  return faults;
}
