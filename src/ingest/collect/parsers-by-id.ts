// Which parser reads a registry source: its module's own parser by id, the table reader of its format, or none.
import { parseGenericSource, tableParserId } from '../parsers/generic-parsers.js';
import type { ParserResolver, SourceParser } from '../parsers/source-parser.js';
import { SOURCE_MODULES } from '../sources/index.js';

/** The modules' own parsers by id (the registry checks that an id names one parser). */
const OWN_PARSERS: ReadonlyMap<string, SourceParser> = new Map(
  SOURCE_MODULES.flatMap((m) => (m.parser ? [[m.parser.id, m.parser.parse] as const] : [])),
);

/** The parsers written so far; a source whose parser is not here is not collected (never_collected). */
export const resolveParser: ParserResolver = (source) => {
  if (source.mapping && source.parser === tableParserId(source.format)) return parseGenericSource;
  return OWN_PARSERS.get(source.parser) ?? null;
};
