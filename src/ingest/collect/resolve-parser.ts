// Which parser reads a registry source, in one place: the table reader of its format for a source with a mapping, the
// parser.ts of its module for one with a parser of its own, none for a list no module reads yet.
import { isObject } from '../../lib/is-object.js';
import { parseGenericSource } from '../parsers/generic-parsers.js';
import { loadedOnUse, type ParserResolver, type SourceParser } from '../parsers/source-parser.js';

/** Each module's parser, imported at its first call (a parsing thread loads the parsers of the files it reads alone). */
const OWN_PARSERS = new Map<string, SourceParser>();

/** The parser of a source; null when no module reads its list yet (it is never collected). */
export const resolveParser: ParserResolver = (source) => {
  if (source.mapping) return parseGenericSource;
  if (source.parser_file === undefined) return null;
  let parser = OWN_PARSERS.get(source.parser_file);
  if (parser === undefined) {
    parser = loadedOnUse(async () => parseOf(await import(source.parser_file ?? ''), source.parser));
    OWN_PARSERS.set(source.parser_file, parser);
  }
  return parser;
};

/** The `parse` a module's parser.ts exports (source-folders.ts found the file; this checks what it gives). */
function parseOf(exported: unknown, id: string): SourceParser {
  const parse = isObject(exported) ? exported.parse : undefined;
  if (typeof parse !== 'function') throw new Error(`parser '${id}': its parser.ts exports no function \`parse\``);
  // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- the import's type is unknown here; each module's test hands its parser.ts's `parse` to what takes a SourceParser, which the type check holds it to
  return parse as SourceParser;
}
