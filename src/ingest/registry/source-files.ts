// The operator's sources: the files of the folder KOHYO_SOURCES_DIR names, each one table source (`<id>.yaml`, `.yml` or
// `.json`), read each time a command starts, so that a list is added with no code and no build. A file is the operator's
// but read as hostile all the same: its size bounded, its name its id (no path in it), read as data (YAML's core schema,
// whose tags run no code; aliases bounded), and validated against SOURCE_FILE, each problem naming its file, line and key.
import { lstat, readdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Value, ValueErrorType, type ValueError } from '@sinclair/typebox/value';
import { isNode, LineCounter, parseDocument, type Document } from 'yaml';
import { errorCodeOf, messageOf } from '../../lib/error-of.js';
import { isObject, propertyOf, textOf } from '../../lib/is-object.js';
import { readLocalListFile } from '../collect/local-list-file.js';
import { entryOfFile, SOURCE_FILE } from './source-file-schema.js';
import type { ModuleEntry } from './source-entry.js';

/** The largest source file read: a mapping of hundreds of spellings and word pairs is a few KB. */
export const MAX_SOURCE_FILE_BYTES = 256 * 1024;

/** The most source files one folder may hold. */
export const MAX_SOURCE_FILES = 1000;

/** Problems told of one file: the first few say what to mend. */
const MAX_PROBLEMS_PER_FILE = 10;

/** A source file's name: its source's id, then its format. */
const SOURCE_FILE_NAME = /^([a-z0-9]+(?:-[a-z0-9]+)*)\.(yaml|yml|json)$/u;

/** Names a source file could have been meant to have: the formats' extensions, in any case. */
const MEANT_AS_SOURCE = /\.(ya?ml|json)$/iu;

export interface SourceFiles {
  readonly entries: readonly ModuleEntry[];
  /** One sentence per problem, each naming the file (and its line and key, where one is at fault). */
  readonly problems: readonly string[];
}

/** The folder of the operator's source files: KOHYO_SOURCES_DIR, else `sources/` beside KOHYO_DB. */
export function sourcesFolder(setting: string | null, dbPath: string): string {
  return setting ?? join(dirname(dbPath), 'sources');
}

/** The sources of the folder's files, in their names' order; a folder that does not exist holds none. */
export async function readSourceFiles(dir: string): Promise<SourceFiles> {
  let names: string[];
  try {
    names = (await readdir(dir)).sort();
  } catch (error) {
    if (errorCodeOf(error) === 'ENOENT') return { entries: [], problems: [] };
    return { entries: [], problems: [`the source files' folder ${dir} cannot be read: ${messageOf(error)}`] };
  }
  // hidden files (an editor's) and files of other formats (a README) are not sources
  const candidates = names.filter((name) => !name.startsWith('.') && MEANT_AS_SOURCE.test(name));
  if (candidates.length > MAX_SOURCE_FILES)
    return {
      entries: [],
      problems: [
        `the source files' folder ${dir} holds ${candidates.length} files, more than ${MAX_SOURCE_FILES} (MAX_SOURCE_FILES): none was read`,
      ],
    };
  const entries: ModuleEntry[] = [];
  const problems: string[] = [];
  for (const name of candidates) {
    const read = await readSourceFile(dir, name);
    if ('problems' in read) problems.push(...read.problems.map((problem) => `source file '${name}': ${problem}`));
    else entries.push(read.entry);
  }
  return { entries, problems };
}

export type FileRead = { readonly entry: ModuleEntry } | { readonly problems: readonly string[] };

async function readSourceFile(dir: string, name: string): Promise<FileRead> {
  const id = SOURCE_FILE_NAME.exec(name)?.[1];
  if (id === undefined)
    return {
      problems: [
        "a source file is named after its source's id, lower-case ASCII words joined by '-', then .yaml, .yml or .json",
      ],
    };
  const path = join(dir, name);
  // a link or a device would read what is not the folder's (or never end, a FIFO): only the folder's own files
  let kind;
  try {
    kind = await lstat(path);
  } catch (error) {
    return { problems: [`it cannot be read: ${messageOf(error)}`] };
  }
  if (kind.isSymbolicLink()) return { problems: ["it is a link: a source file is a file of the folder's own"] };
  if (!kind.isFile()) return { problems: ['it is not a file'] };
  const tooLarge = `more than a source file may be (${MAX_SOURCE_FILE_BYTES / 1024} KB, MAX_SOURCE_FILE_BYTES): it was not read`;
  if (kind.size > MAX_SOURCE_FILE_BYTES) return { problems: [`it is ${Math.ceil(kind.size / 1024)} KB, ${tooLarge}`] };
  // bounded again as it is read, should it have grown since
  const read = await readLocalListFile(path, MAX_SOURCE_FILE_BYTES);
  if (!read.ok)
    return { problems: [read.error.includes('more than a list may be') ? `it grew, ${tooLarge}` : read.error] };
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(read.body);
  } catch {
    return { problems: ['it is not UTF-8 text'] };
  }
  return sourceFileEntry(text, id, name);
}

/** A source file's text read as YAML (JSON is YAML too) and validated; its entry, or its problems with their lines. */
export function sourceFileEntry(text: string, id: string, name: string): FileRead {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, schema: 'core', merge: false, uniqueKeys: true, strict: true });
  const syntax = [...doc.errors, ...doc.warnings].map((problem) => {
    const line = problem.linePos?.[0].line;
    return `${line === undefined ? '' : `line ${line}: `}${problem.message.split(/ at line \d/u)[0] ?? problem.message}`;
  });
  if (syntax.length > 0) return { problems: syntax.slice(0, MAX_PROBLEMS_PER_FILE) };
  let value: unknown;
  try {
    // an alias repeated past the bound is a file built to expand, not a source
    value = doc.toJS({ maxAliasCount: 100 });
  } catch (error) {
    return { problems: [messageOf(error)] };
  }
  const lineOf = (key: string) => lineOfKey(doc, lines, key);
  if (!Value.Check(SOURCE_FILE, value)) {
    const problems = schemaProblems([...Value.Errors(SOURCE_FILE, value)]).map(
      ({ key, text: problem }) => `line ${lineOf(key)}: ${key === '' ? '' : `${key}: `}${problem}`,
    );
    return { problems: problems.slice(0, MAX_PROBLEMS_PER_FILE) };
  }
  if (value.id !== id)
    return {
      problems: [`line ${lineOf('id')}: id: '${value.id}' is not the file's name: a source file is named after its id`],
    };
  return { entry: { ...entryOfFile(value), origin: `source file '${name}'`, line_of: lineOf } };
}

/** The line of a key (`mapping.columns.summary`, `mapping.action_types[0]`), else of the nearest key holding it. */
function lineOfKey(doc: Document, lines: LineCounter, key: string): number {
  const path = key === '' ? [] : key.split(/\.|\[(\d+)\]/u).filter((part) => part !== undefined && part !== '');
  for (let n = path.length; n > 0; n--) {
    const node: unknown = doc.getIn(
      path.slice(0, n).map((part) => (/^\d+$/u.test(part) ? Number(part) : part)),
      true,
    );
    if (isNode(node) && node.range) return lines.linePos(node.range[0]).line;
  }
  return 1;
}

/** A key as the operator writes it: `mapping.columns.summary`, `mapping.action_types[0][1]`. */
function keyOf(pointer: string): string {
  return pointer
    .split('/')
    .slice(1)
    .map((part) => part.replaceAll('~1', '/').replaceAll('~0', '~'))
    .reduce((key, part) => (/^\d+$/u.test(part) ? `${key}[${part}]` : key === '' ? part : `${key}.${part}`), '');
}

/** Each key's first fault, in words an operator acts on: what the key is, and what it may be. */
function schemaProblems(errors: readonly ValueError[]): { key: string; text: string }[] {
  const seen = new Set<string>();
  return errors.flatMap((error) => {
    const key = keyOf(error.path);
    if (seen.has(key)) return [];
    seen.add(key);
    return [{ key, text: faultOf(error) }];
  });
}

function faultOf(error: ValueError): string {
  const description = typeof error.schema.description === 'string' ? error.schema.description : null;
  const what = description === null ? '' : ` (${description})`;
  switch (error.type) {
    case ValueErrorType.ObjectRequiredProperty:
      return `missing${what}`;
    case ValueErrorType.ObjectAdditionalProperties: {
      const properties = propertyOf(error.schema, 'properties');
      const known = isObject(properties) ? Object.keys(properties) : [];
      return `no such key; the keys here are ${known.join(', ')}`;
    }
    case ValueErrorType.Union: {
      const anyOf: unknown = error.schema.anyOf;
      const values = Array.isArray(anyOf) ? anyOf.map((choice) => textOf(propertyOf(choice, 'const'))) : [];
      return `${JSON.stringify(error.value)} is not one of ${values.join(', ')}${what}`;
    }
    default:
      return `${error.message.replace(/^Expected/u, 'expected')}${what}`;
  }
}
