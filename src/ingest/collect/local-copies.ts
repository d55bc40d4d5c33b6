// `collect --files DIR`: which downloaded files in a folder are the local copy of which registry source.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { ParserResolver } from '../parsers/source-parser.js';
import type { SourceRegistry } from '../registry/source-registry.js';

export interface LocalCopies {
  /** By source id, in registry order: the source's files, sorted by name (one list, read together). */
  readonly bySource: ReadonlyMap<string, readonly string[]>;
  /** Entries of the folder that are no source's copy, each with why: reported, never silently skipped. */
  readonly ignored: readonly { readonly name: string; readonly reason: string }[];
}

/**
 * A file `<source-id>.<ext>` is that source's one file; a folder `<source-id>/` holds the files of a source
 * published in several (one per fiscal year), every regular file in it. Anything else is ignored with a reason.
 */
export function findLocalCopies(dir: string, registry: SourceRegistry, resolve: ParserResolver): LocalCopies {
  const found = new Map<string, string[]>();
  const ignored: { name: string; reason: string }[] = [];
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    const isDir = statSync(path).isDirectory();
    const [stem = ''] = name.split('.');
    const id = isDir ? name : stem;
    const source = registry.get(id);
    if (source === undefined) {
      ignored.push({ name, reason: `no source '${id}' in the registry (see \`kohyo sources\`)` });
      continue;
    }
    if (resolve(source) === null) {
      ignored.push({ name, reason: `source '${id}' has no parser yet (parser '${source.parser}')` });
      continue;
    }
    const files = isDir ? filesIn(path) : [path];
    if (files.length === 0) {
      ignored.push({ name, reason: 'an empty folder' });
      continue;
    }
    found.set(id, [...(found.get(id) ?? []), ...files]);
  }
  // in the registry's order
  const bySource = new Map(
    registry.sources.flatMap((s) => {
      const files = found.get(s.id);
      return files === undefined ? [] : [[s.id, files] as const];
    }),
  );
  return { bySource, ignored };
}

function filesIn(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .map((name) => join(dir, name))
    .filter((path) => statSync(path).isFile());
}
