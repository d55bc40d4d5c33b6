// The source registry: every list the collectors know of, found in the folders of src/ingest/sources/ (a module each,
// source-folders.ts) and in the tables of the lists no module reads yet (src/ingest/unread-lists/), less those a module
// reads now, checked and completed with its publisher group.
import { authorities, authorityAndOffices } from '../../domain/vocabularies/authorities.js';
import { isMappedField, requiredColumns } from '../parsers/column-mapping.js';
import { messageOf } from '../../lib/error-of.js';
import { REGISTRY_SOURCE_ID } from '../../domain/records/record-id.js';
import { tableParserId } from '../parsers/generic-parsers.js';
import { UNREAD_LISTS } from '../unread-lists/index.js';
import { NOT_WRITTEN, type SourceEntry, type SourceEntryInput } from './source-entry.js';
import { findSourceModules, type FoundModule } from './source-folders.js';
import { unreadEntries, type UnreadLists } from './unread-lists.js';

export interface SourceRegistry {
  readonly sources: readonly SourceEntry[];
  get(id: string): SourceEntry | undefined;
  /** The unread lists modules read now (their entries are the modules'), where the registry was found in folders. */
  readonly taken?: readonly TakenList[];
}

/** A registry entry as written, with where it is written and the parser its module names (if any). */
export type ModuleEntry = SourceEntryInput & {
  /** Its module's own parser: the id the module's source.ts names, and the file URL of its parser.ts. */
  readonly own_parser?: { readonly id: string; readonly file: string };
  /** Where the entry is written, for messages: `module folder 'caa-keihyo'`, or the unread lists. */
  readonly origin?: string;
};

const UNREAD_ORIGIN = 'the unread lists (src/ingest/unread-lists/)';

/** The entries of the modules, each with its module's own parser and its folder. */
function moduleEntries(found: readonly FoundModule[]): ModuleEntry[] {
  return found.flatMap(({ folder, module, parser_file }) =>
    module.sources.map((source): ModuleEntry => {
      const origin = `module folder '${folder}'`;
      if (module.parser === undefined || parser_file === null) return { ...source, origin };
      return { ...source, origin, own_parser: { id: module.parser, file: parser_file } };
    }),
  );
}

/** The folder of the repository's source modules. */
export const SOURCES_ROOT = new URL('../sources/', import.meta.url);

/** An unread list a module reads now, and how the module took its place. */
export interface TakenList {
  /** The unread list's id. */
  readonly id: string;
  /** The module's entry that reads it. */
  readonly by: string;
  readonly origin: string;
  /** 'id' when the module's entry has the list's id; 'address' when it reads the list's known address. */
  readonly how: 'id' | 'address';
}

/**
 * What the folders of source modules under `roots` and the unread tables register, with the folders' problems. A
 * module's entry takes the place of the unread list it reads: the one of its id, or the one whose list's own address
 * (not a site root, which many lists share) is one of its addresses. So a module is its folder alone: the tables
 * are not edited when a module comes to read one of their lists.
 */
export async function registryEntriesOf(
  roots: readonly URL[],
  unread: readonly UnreadLists[] = UNREAD_LISTS,
): Promise<{
  readonly entries: readonly ModuleEntry[];
  readonly problems: readonly string[];
  readonly taken: readonly TakenList[];
}> {
  const folders = await Promise.all(roots.map((root) => findSourceModules(root)));
  const modules = folders.flatMap((f) => moduleEntries(f.found));
  const taken: TakenList[] = [];
  const unlisted = unreadEntries(unread).flatMap((entry): ModuleEntry[] => {
    const took = takerOf(entry, modules);
    if (took === null) return [{ ...entry, origin: UNREAD_ORIGIN }];
    taken.push({ id: entry.id, by: took.entry.id, origin: took.entry.origin ?? '', how: took.how });
    return [];
  });
  return { entries: [...modules, ...unlisted], problems: folders.flatMap((f) => f.problems), taken };
}

/** The module entry that reads an unread list: by the list's id, else by the list's own address. */
function takerOf(
  list: SourceEntryInput,
  modules: readonly ModuleEntry[],
): { entry: ModuleEntry; how: 'id' | 'address' } | null {
  const byId = modules.find((m) => m.id === list.id);
  if (byId !== undefined) return { entry: byId, how: 'id' };
  if (list.url_kind === 'site_root') return null;
  const addresses = (entry: SourceEntryInput) => [entry.url, ...(entry.more_urls ?? [])];
  const listed = addresses(list);
  const byAddress = modules.find((m) => addresses(m).some((url) => listed.includes(url)));
  return byAddress === undefined ? null : { entry: byAddress, how: 'address' };
}

/** The repository's modules and unread lists, found once as this module loads. */
const REPOSITORY = await registryEntriesOf([SOURCES_ROOT]);

/** The registry's entries as the repository's folders and tables give them. */
export const SOURCE_ENTRIES: readonly ModuleEntry[] = REPOSITORY.entries;

/** The parser of an entry: its own parser's id and file, the table reader's of its format, or not_written. */
function parserOf(entry: ModuleEntry): Pick<SourceEntry, 'parser' | 'parser_file'> {
  if (entry.own_parser) return { parser: entry.own_parser.id, parser_file: entry.own_parser.file };
  return { parser: entry.mapping ? tableParserId(entry.format) : NOT_WRITTEN };
}

/** Builds a registry from entries; throws listing every problem when any entry is inconsistent. */
export function loadSourceRegistry(
  entries: readonly ModuleEntry[] = SOURCE_ENTRIES,
  folderProblems: readonly string[] = entries === SOURCE_ENTRIES ? REPOSITORY.problems : [],
  taken: readonly TakenList[] = entries === SOURCE_ENTRIES ? REPOSITORY.taken : [],
): SourceRegistry {
  const problems = [...folderProblems, ...registryProblems(entries)];
  if (problems.length > 0)
    throw new Error(`the source registry has ${problems.length} problem(s):\n${problems.join('\n')}`);
  const sources = entries.map((entry): SourceEntry => {
    const publisher = authorities.get(entry.publisher);
    // registryProblems has refused every entry whose publisher is not an authority
    if (publisher === undefined) throw new Error(`the source registry names an unknown publisher '${entry.publisher}'`);
    const { own_parser: _own, origin: _origin, ...input } = entry;
    return {
      ...input,
      ...parserOf(entry),
      publisher_group: publisher.group,
      counted_body: entry.counts_for ?? entry.publisher,
    };
  });
  const byId = new Map(sources.map((s) => [s.id, s] as const));
  return { sources, get: (id) => byId.get(id), taken };
}

/** One sentence per inconsistency: duplicate ids, unknown authorities, parsers that do not fit formats or mappings. */
export function registryProblems(entries: readonly ModuleEntry[]): string[] {
  const problems: string[] = [];
  const seen = new Map<string, string>();
  const parsers = new Map<string, string>();
  for (const entry of entries) {
    const at = `source '${entry.id}'`;
    if (!REGISTRY_SOURCE_ID.test(entry.id)) problems.push(`${at}: an id is lower-case ASCII words joined by '-'`);
    const first = seen.get(entry.id);
    if (first !== undefined) problems.push(`${at}: the id is used twice${twiceWhere(first, entry.origin)}`);
    seen.set(entry.id, entry.origin ?? '');
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
    const rule = entry.unreadable_rows;
    if (rule !== undefined && !(Number.isInteger(rule.rows) && rule.rows >= 0 && rule.share >= 0 && rule.share <= 1))
      problems.push(`${at}: unreadable_rows is a count of rows (0 or more) and a share from 0 to 1`);
    const growth = entry.growth;
    if (growth !== undefined && !(Number.isInteger(growth.rows) && growth.rows >= 0 && growth.factor >= 1))
      problems.push(`${at}: growth is a factor of 1 or more and a count of rows (0 or more)`);
    const own = entry.own_parser;
    if (own !== undefined && parsers.get(own.id) !== undefined && parsers.get(own.id) !== own.file)
      problems.push(`${at}: parser id '${own.id}' names two different parsers`);
    if (own !== undefined) parsers.set(own.id, own.file);
  }
  return problems;
}

/** Where the two entries of one id are written: an id is one source's (an unread list's is taken by its module). */
function twiceWhere(first: string, second: string | undefined): string {
  if (first === '' || second === undefined) return '';
  return ` (in ${first} and in ${second}): give one of them another id`;
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
  for (const field of entry.mapping.source_key ?? []) {
    if (!isMappedField(field) || entry.mapping.columns[field] === undefined)
      problems.push(`mapping's source_key names '${field}', which is not one of its columns`);
  }
  if (entry.mapping.encoding !== undefined && entry.format !== 'csv')
    problems.push(`an encoding is given for a ${entry.format} source`);
  return problems;
}

let defaultRegistry: SourceRegistry | undefined;

/** The repository's registry, checked once: every folder's and every entry's problem, thrown together. */
export function sourceRegistry(): SourceRegistry {
  defaultRegistry ??= loadSourceRegistry();
  return defaultRegistry;
}

/**
 * The repository's registry, or null when it does not load (two modules of one id, a module folder that is not one),
 * having said why in sentences: a command that cannot know its sources ends there, with no stack trace.
 */
export function registryOrSentence(stderr: (line: string) => void, command: string): SourceRegistry | null {
  try {
    return sourceRegistry();
  } catch (error) {
    stderr(`${command}: the source registry does not load: ${messageOf(error)}`);
    return null;
  }
}
