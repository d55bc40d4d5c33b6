// `sources propose --write`: the proposed source file written into the folder of source files (KOHYO_SOURCES_DIR) as
// `<id>.yaml`, only when it loads: read back as the registry reads a file, checked as the registry checks an entry, its
// id no other source's (an unread list's excepted: the file takes its place). Never over a file already there, and
// never half written: the text goes to a hidden file of the folder first, then takes its name in one step.
import { linkSync, mkdirSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { errorCodeOf, messageOf } from '../../lib/error-of.js';
import { registryProblems } from '../registry/registry-problems.js';
import { NOT_WRITTEN } from '../registry/source-entry.js';
import { sourceFileEntry } from '../registry/source-files.js';
import type { SourceRegistry } from '../registry/source-registry.js';

export type Written =
  /** `unread`: the file takes the place of the list the registry had unread under its id. */
  { readonly ok: true; readonly path: string; readonly unread: boolean } | { readonly ok: false; readonly why: string };

/** Writes `text` as the source file of `id` in `dir`, or says why not (nothing written then). */
export function writeSourceFile(dir: string, id: string, text: string, registry: SourceRegistry): Written {
  const name = `${id}.yaml`;
  const read = sourceFileEntry(text, id, name);
  if ('problems' in read) return { ok: false, why: `the file would not load: ${read.problems.join('; ')}` };
  const problems = registryProblems([read.entry]);
  if (problems.length > 0) return { ok: false, why: `the file would not load: ${problems.join('; ')}` };
  const known = registry.get(id);
  if (known !== undefined && known.parser !== NOT_WRITTEN)
    return {
      ok: false,
      why: `the registry has a source '${id}' already (\`kohyo sources\` lists it): give another --id`,
    };
  const path = join(dir, name);
  const draft = join(dir, `.${name}.${process.pid}.new`);
  try {
    mkdirSync(dir, { recursive: true });
    writeFileSync(draft, text, { flag: 'wx' });
    // a link, unlike a rename, fails where the name is taken: an operator's file is never replaced
    linkSync(draft, path);
  } catch (error) {
    if (errorCodeOf(error) === 'EEXIST') return { ok: false, why: `${path} exists: remove it first to write it anew` };
    return { ok: false, why: `${path} could not be written: ${messageOf(error)}` };
  } finally {
    try {
      unlinkSync(draft);
    } catch {
      // never made: nothing to remove
    }
  }
  return { ok: true, path, unread: known !== undefined };
}
