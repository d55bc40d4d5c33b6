// The source registry: every list the collectors know of, checked and completed with its publisher group.
import { authorities, authorityAndOffices } from '../../domain/vocabularies/authorities.js';
import { isMappedField, requiredColumns } from '../parsers/column-mapping.js';
import { messageOf } from '../../domain/error-of.js';
import { withListAddresses } from './listed-sources.js';
import { DESIGNATED_CITY_SOURCES, PREFECTURE_SOURCES } from './sources-local.js';
import { ENFORCEMENT_SOURCES, LICENSE_ACTION_SOURCES } from './sources-enforcement.js';
import { ISA_SOURCES } from './sources-isa.js';
import { caaSource } from './sources-caa.js';
import { JFTC_SOURCES } from './sources-jftc.js';
import { AGENCY_SOURCES, CORPORATION_SOURCES, NATIONAL_SOURCES } from './sources-national.js';
import {
  GENERIC_PARSER_FORMAT,
  SPECIFIC_PARSER_FORMAT,
  type SourceEntry,
  type SourceEntryInput,
} from './source-entry.js';

export interface SourceRegistry {
  readonly sources: readonly SourceEntry[];
  get(id: string): SourceEntry | undefined;
}

/** The registry as written in the repository's data files. */
export const SOURCE_ENTRIES: readonly SourceEntryInput[] = [
  ...withListAddresses([
    ...NATIONAL_SOURCES,
    ...AGENCY_SOURCES,
    ...CORPORATION_SOURCES,
    ...PREFECTURE_SOURCES,
    ...DESIGNATED_CITY_SOURCES,
  ]),
  ...ENFORCEMENT_SOURCES,
  ...LICENSE_ACTION_SOURCES,
  ...ISA_SOURCES,
  ...JFTC_SOURCES,
  // its index has a page per fiscal year: those up to the one the process starts in
  caaSource(new Date()),
];

/** Builds a registry from entries; throws listing every problem when any entry is inconsistent. */
export function loadSourceRegistry(entries: readonly SourceEntryInput[] = SOURCE_ENTRIES): SourceRegistry {
  const problems = registryProblems(entries);
  if (problems.length > 0)
    throw new Error(`the source registry has ${problems.length} problem(s):\n${problems.join('\n')}`);
  const sources = entries.map((entry): SourceEntry => {
    const publisher = authorities.get(entry.publisher);
    // registryProblems has refused every entry whose publisher is not an authority
    if (publisher === undefined) throw new Error(`the source registry names an unknown publisher '${entry.publisher}'`);
    return { ...entry, publisher_group: publisher.group, counted_body: entry.counts_for ?? entry.publisher };
  });
  const byId = new Map(sources.map((s) => [s.id, s] as const));
  return { sources, get: (id) => byId.get(id) };
}

/** One sentence per inconsistency: duplicate ids, unknown authorities, parsers that do not fit formats or mappings. */
export function registryProblems(entries: readonly SourceEntryInput[]): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const entry of entries) {
    const at = `source '${entry.id}'`;
    if (!/^[a-z0-9]+(-[a-z0-9]+)*$/u.test(entry.id))
      problems.push(`${at}: an id is lower-case ASCII words joined by '-'`);
    if (seen.has(entry.id)) problems.push(`${at}: the id is used twice`);
    seen.add(entry.id);
    const publisher = authorities.get(entry.publisher);
    if (!publisher) problems.push(`${at}: publisher '${entry.publisher}' is not an authority code`);
    if (entry.counts_for !== undefined) {
      const body = authorities.get(entry.counts_for);
      if (!body) problems.push(`${at}: counts_for '${entry.counts_for}' is not an authority code`);
      else if (publisher && body.group !== publisher.group) {
        problems.push(
          `${at}: counts_for '${entry.counts_for}' is in group ${body.group}, the publisher in ${publisher.group}`,
        );
      } else if (publisher && !authorityAndOffices(body.code).includes(publisher.code)) {
        // the body a list counts for is one the publisher is an office of (the authorities' `parent`)
        problems.push(`${at}: counts_for '${entry.counts_for}' is not a body '${publisher.code}' is under`);
      }
    }
    if (!/^https?:\/\/[^\s/]+/u.test(entry.url) || !URL.canParse(entry.url))
      problems.push(`${at}: url '${entry.url}' is not an http(s) URL`);
    if (entry.title.trim() === '') problems.push(`${at}: the title is blank`);
    if (entry.list_link !== undefined)
      problems.push(...listLinkProblems(entry.list_link, entry.format).map((p) => `${at}: ${p}`));
    problems.push(...parserProblems(entry).map((p) => `${at}: ${p}`));
  }
  return problems;
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

function parserProblems(entry: SourceEntryInput): string[] {
  if (entry.parser === 'not_written') {
    return entry.mapping ? ['a mapping is given but no parser reads it (parser is not_written)'] : [];
  }
  const generic = GENERIC_PARSER_FORMAT[entry.parser];
  const specific = SPECIFIC_PARSER_FORMAT[entry.parser];
  const format = generic ?? specific;
  if (format === undefined) return [`parser '${entry.parser}' is not a known parser`];
  const problems: string[] = [];
  if (format !== entry.format)
    problems.push(`parser '${entry.parser}' reads ${format}, but the format is ${entry.format}`);
  if (specific && entry.mapping) problems.push(`parser '${entry.parser}' has its own layout and takes no mapping`);
  if (generic) {
    if (!entry.mapping) return [...problems, `parser '${entry.parser}' needs a column mapping`];
    for (const field of Object.keys(entry.mapping.columns)) {
      if (!isMappedField(field)) problems.push(`mapping names an unknown field '${field}'`);
    }
    for (const field of requiredColumns(entry.record_kind, entry.mapping)) {
      if (!entry.mapping.columns[field]?.length)
        problems.push(`mapping has no column for the required field '${field}'`);
    }
    if (entry.mapping.encoding !== undefined && format !== 'csv')
      problems.push(`an encoding is given for a ${format} source`);
  }
  return problems;
}

let defaultRegistry: SourceRegistry | undefined;

/** The repository's registry, checked once. */
export function sourceRegistry(): SourceRegistry {
  defaultRegistry ??= loadSourceRegistry();
  return defaultRegistry;
}
