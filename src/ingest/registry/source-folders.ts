// Finding the source modules: every folder of src/ingest/sources/ is one, its source.ts (source.js once compiled) read
// for its entries and its parser.ts (if any) named by file, so that adding a source is adding its folder, and nothing
// lists the folders.
import { existsSync, readdirSync } from 'node:fs';
import { isObject } from '../../lib/is-object.js';
import { messageOf } from '../../lib/error-of.js';
import type { SourceModule } from './source-module.js';

/** A module as found in its folder. */
export interface FoundModule {
  /** The folder's name: messages name the module by it. */
  readonly folder: string;
  readonly module: SourceModule;
  /** The file URL of its parser.ts (parser.js compiled) when its source.ts names a parser, else null. */
  readonly parser_file: string | null;
}

export interface ModuleFolders {
  /** In the folders' name order, so the registry's order does not hang on the file system's. */
  readonly found: readonly FoundModule[];
  /** One sentence per folder that is not a module as it should be. */
  readonly problems: readonly string[];
}

/**
 * The modules of the folders of `root`. The compiled build runs the .js files beside it, the tests (tsx) the .ts
 * sources; a folder is read in the form this file runs in, the other when that is all it has.
 */
export async function findSourceModules(root: URL): Promise<ModuleFolders> {
  const folders = readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  const found: FoundModule[] = [];
  const problems: string[] = [];
  for (const folder of folders) {
    const read = await readModule(new URL(`${folder}/`, root));
    if (typeof read === 'string') problems.push(`module folder '${folder}': ${read}`);
    else found.push({ folder, ...read });
  }
  return { found, problems };
}

const EXTENSIONS = import.meta.url.endsWith('.ts') ? ['ts', 'js'] : ['js', 'ts'];

/** The file `name` of a folder in the form this build runs, or null when the folder has none. */
function fileOf(folder: URL, name: string): URL | null {
  for (const extension of EXTENSIONS) {
    const file = new URL(`${name}.${extension}`, folder);
    if (existsSync(file)) return file;
  }
  return null;
}

async function readModule(folder: URL): Promise<Omit<FoundModule, 'folder'> | string> {
  const file = fileOf(folder, 'source');
  if (file === null) return 'no source.ts: a source module is a folder whose source.ts exports its `source`';
  let exported: unknown;
  try {
    exported = await import(file.href);
  } catch (error) {
    return `source.ts does not load: ${messageOf(error)}`;
  }
  const module = isObject(exported) ? exported.source : undefined;
  if (!isSourceModule(module)) return 'source.ts exports no `source` with a list of `sources`';
  const parser = fileOf(folder, 'parser');
  if (module.parser === undefined && parser !== null)
    return 'it has a parser.ts, but its source.ts names no parser (`parser: "<id>"`)';
  if (module.parser !== undefined && parser === null)
    return `its source.ts names parser '${module.parser}', but the folder has no parser.ts exporting \`parse\``;
  return { module, parser_file: parser?.href ?? null };
}

function isSourceModule(value: unknown): value is SourceModule {
  if (!isObject(value) || !Array.isArray(value.sources)) return false;
  return value.parser === undefined || typeof value.parser === 'string';
}
