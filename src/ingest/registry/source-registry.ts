// The source registry: every list the collectors know of, checked and completed with its publisher group.
import { authorities, authorityAndOffices } from '../../domain/vocabularies/authorities.js';
import { isMappedField, requiredColumns } from '../parsers/column-mapping.js';
import { messageOf } from '../../domain/error-of.js';
import { SOURCE_MODULES } from '../sources/index.js';
import { tableParserId } from '../parsers/generic-parsers.js';
import { NOT_WRITTEN, type SourceEntry, type SourceEntryInput } from './source-entry.js';
import { type OwnParser, type SourceModule } from './source-module.js';

export interface SourceRegistry {
  readonly sources: readonly SourceEntry[];
  get(id: string): SourceEntry | undefined;
}

/** A registry entry as its module gives it, with the parser its module names (none for a table or unwritten source). */
export type ModuleEntry = SourceEntryInput & { readonly own_parser?: OwnParser };

/**
 * The entries of the modules, each with its module's own parser. An entry at a publisher's site root with no
 * mapping holds a place until the list is known: a module's entry of the same id that reads a list takes its place
 * (and its position), so that adding a source is adding its module, whatever registered the publisher before.
 */
export function moduleEntries(modules: readonly SourceModule[]): ModuleEntry[] {
  const entries = modules.flatMap((m) =>
    m.sources.map((s): ModuleEntry => (m.parser ? { ...s, own_parser: m.parser } : s)),
  );
  const places = new Set(entries.filter(holdsPlace).map((e) => e.id));
  const takers = new Map(entries.filter((e) => !holdsPlace(e) && places.has(e.id)).map((e) => [e.id, e] as const));
  return entries.flatMap((entry) => {
    if (holdsPlace(entry)) return [takers.get(entry.id) ?? entry];
    return takers.get(entry.id) === entry ? [] : [entry];
  });
}

function holdsPlace(entry: ModuleEntry): boolean {
  return entry.url_kind === 'site_root' && entry.mapping === undefined && entry.own_parser === undefined;
}

/** The registry as the repository's source modules (src/ingest/sources/index.ts) give it. */
export const SOURCE_ENTRIES: readonly ModuleEntry[] = moduleEntries(SOURCE_MODULES);

/** The parser id of an entry: its own parser's, the table reader's of its format, or not_written. */
function parserIdOf(entry: ModuleEntry): string {
  if (entry.own_parser) return entry.own_parser.id;
  return entry.mapping ? tableParserId(entry.format) : NOT_WRITTEN;
}

/** Builds a registry from entries; throws listing every problem when any entry is inconsistent. */
export function loadSourceRegistry(entries: readonly ModuleEntry[] = SOURCE_ENTRIES): SourceRegistry {
  const problems = registryProblems(entries);
  if (problems.length > 0)
    throw new Error(`the source registry has ${problems.length} problem(s):\n${problems.join('\n')}`);
  const sources = entries.map((entry): SourceEntry => {
    const publisher = authorities.get(entry.publisher);
    // registryProblems has refused every entry whose publisher is not an authority
    if (publisher === undefined) throw new Error(`the source registry names an unknown publisher '${entry.publisher}'`);
    const { own_parser: _own, ...input } = entry;
    return {
      ...input,
      parser: parserIdOf(entry),
      publisher_group: publisher.group,
      counted_body: entry.counts_for ?? entry.publisher,
    };
  });
  const byId = new Map(sources.map((s) => [s.id, s] as const));
  return { sources, get: (id) => byId.get(id) };
}

/** One sentence per inconsistency: duplicate ids, unknown authorities, parsers that do not fit formats or mappings. */
export function registryProblems(entries: readonly ModuleEntry[]): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  const parsers = new Map<string, OwnParser>();
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
    const own = entry.own_parser;
    if (own !== undefined && parsers.get(own.id) !== undefined && parsers.get(own.id) !== own)
      problems.push(`${at}: parser id '${own.id}' names two different parsers`);
    if (own !== undefined) parsers.set(own.id, own);
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

function parserProblems(entry: ModuleEntry): string[] {
  const own = entry.own_parser;
  if (own !== undefined) {
    const problems: string[] = [];
    if (!/^[a-z0-9]+(-[a-z0-9]+)*$/u.test(own.id))
      problems.push(`parser id '${own.id}' is not lower-case words joined by '-'`);
    if (own.id === NOT_WRITTEN || own.id.endsWith('-table')) problems.push(`parser id '${own.id}' is reserved`);
    if (own.format !== entry.format)
      problems.push(`parser '${own.id}' reads ${own.format}, but the format is ${entry.format}`);
    if (entry.mapping) problems.push(`parser '${own.id}' has its own layout and takes no mapping`);
    return problems;
  }
  if (entry.fixed) return ['fixed values are for a parser of its own; a table source puts them in its mapping'];
  if (!entry.mapping) return entry.unproven ? ['unproven says a mapping is untried, but there is no mapping'] : [];
  const problems: string[] = [];
  for (const field of Object.keys(entry.mapping.columns)) {
    if (!isMappedField(field)) problems.push(`mapping names an unknown field '${field}'`);
  }
  for (const field of requiredColumns(entry.record_kind, entry.mapping)) {
    if (!entry.mapping.columns[field]?.length) problems.push(`mapping has no column for the required field '${field}'`);
  }
  if (entry.mapping.encoding !== undefined && entry.format !== 'csv')
    problems.push(`an encoding is given for a ${entry.format} source`);
  return problems;
}

let defaultRegistry: SourceRegistry | undefined;

/** The repository's registry, checked once. */
export function sourceRegistry(): SourceRegistry {
  defaultRegistry ??= loadSourceRegistry();
  return defaultRegistry;
}
