// The source registry: every list the collectors know of, found in the folders of src/ingest/sources/ (a module each,
// source-folders.ts), in the operator's source files (KOHYO_SOURCES_DIR, source-files.ts) and in the tables of the
// lists no module reads yet (src/ingest/unread-lists/), less those a module or a file reads now, checked
// (registry-problems.ts) and completed with its publisher group.
import { authorities } from '../../domain/vocabularies/authorities.js';
import { messageOf } from '../../lib/error-of.js';
import { tableParserId } from '../parsers/generic-parsers.js';
import { UNREAD_LISTS } from '../unread-lists/index.js';
import { registryProblems } from './registry-problems.js';
import { NOT_WRITTEN, type ModuleEntry, type SourceEntry, type SourceEntryInput } from './source-entry.js';
import { readSourceFiles } from './source-files.js';
import { findSourceModules, type FoundModule } from './source-folders.js';
import { unreadEntries, type UnreadLists } from './unread-lists.js';

export interface SourceRegistry {
  readonly sources: readonly SourceEntry[];
  get(id: string): SourceEntry | undefined;
  /** The unread lists modules read now (their entries are the modules'), where the registry was found in folders. */
  readonly taken?: readonly TakenList[];
}

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

/** The entries found, with the problems of the folders and files they were found in, and the unread lists taken. */
interface FoundEntries {
  readonly entries: readonly ModuleEntry[];
  readonly problems: readonly string[];
  readonly taken: readonly TakenList[];
}

/**
 * What the folders of source modules under `roots` and the unread tables register, with the folders' problems. A
 * module's entry takes the place of the unread list it reads (withUnreadLists).
 */
export async function registryEntriesOf(
  roots: readonly URL[],
  unread: readonly UnreadLists[] = UNREAD_LISTS,
): Promise<FoundEntries> {
  const folders = await Promise.all(roots.map((root) => findSourceModules(root)));
  const modules = folders.flatMap((f) => moduleEntries(f.found));
  return { ...withUnreadLists(modules, unread), problems: folders.flatMap((f) => f.problems) };
}

/**
 * The entries of modules and source files, then the unread lists none of them reads. An entry takes the place of the
 * unread list it reads: the one of its id, or the one whose list's own address (not a site root, which many lists
 * share) is one of its addresses. So a module is its folder alone, and a source file is itself alone: the tables are
 * not edited when a module or a file comes to read one of their lists.
 */
function withUnreadLists(
  modules: readonly ModuleEntry[],
  unread: readonly UnreadLists[],
): Omit<FoundEntries, 'problems'> {
  const taken: TakenList[] = [];
  const unlisted = unreadEntries(unread).flatMap((entry): ModuleEntry[] => {
    const took = takerOf(entry, modules);
    if (took === null) return [{ ...entry, origin: UNREAD_ORIGIN }];
    taken.push({ id: entry.id, by: took.entry.id, origin: took.entry.origin ?? '', how: took.how });
    return [];
  });
  return { entries: [...modules, ...unlisted], taken };
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

/** The repository's modules, found once as this module loads. */
const MODULES = await registryEntriesOf([SOURCES_ROOT], []);

/** The repository's modules and unread lists. */
const REPOSITORY: FoundEntries = { ...withUnreadLists(MODULES.entries, UNREAD_LISTS), problems: MODULES.problems };

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
    const { own_parser: _own, origin: _origin, line_of: _line, ...input } = entry;
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

let defaultRegistry: SourceRegistry | undefined;

/** The repository's registry, checked once: every folder's and every entry's problem, thrown together. */
export function sourceRegistry(): SourceRegistry {
  defaultRegistry ??= loadSourceRegistry();
  return defaultRegistry;
}

/**
 * The repository's registry with the operator's source files of `dir` (KOHYO_SOURCES_DIR), read now: a file added,
 * changed or removed counts from the next command on, with no build. A file's problems, and an id a file shares with
 * a module or another file, are thrown with every other problem.
 */
export async function registryWithFiles(dir: string): Promise<SourceRegistry> {
  const files = await readSourceFiles(dir);
  if (files.entries.length === 0 && files.problems.length === 0) return sourceRegistry();
  const found = withUnreadLists([...MODULES.entries, ...files.entries], UNREAD_LISTS);
  return loadSourceRegistry(found.entries, [...MODULES.problems, ...files.problems], found.taken);
}

/**
 * The registry with the operator's source files of `dir` (the repository's alone without one), or null when it does
 * not load (two sources of one id, a module folder that is not one, a source file that does not validate), having
 * said why in sentences: a command that cannot know its sources ends there, with no stack trace.
 */
export async function registryOrSentence(
  stderr: (line: string) => void,
  command: string,
  dir?: string,
): Promise<SourceRegistry | null> {
  try {
    return dir === undefined ? sourceRegistry() : await registryWithFiles(dir);
  } catch (error) {
    stderr(`${command}: the source registry does not load: ${messageOf(error)}`);
    return null;
  }
}
