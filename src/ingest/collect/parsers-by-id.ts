// Which parser reads a registry source: the registry names parsers by id.
import { isGenericParser, parseGenericSource } from '../parsers/generic-parsers.js';
import { parseMhlwLabourViolationsPdf } from '../parsers/mhlw-labour-violations-pdf.js';
import { parseIsaTitpXlsx } from '../parsers/isa-titp-xlsx.js';
import { parseCaaKeihyoHtml } from '../parsers/caa-keihyo-html.js';
import type { ParserResolver, SourceParser } from '../parsers/source-parser.js';

/** Parsers written for one publisher's own layout, by registry parser id. */
const SPECIFIC_PARSERS: Readonly<Record<string, SourceParser>> = {
  'mhlw-labour-violations-pdf': parseMhlwLabourViolationsPdf,
  'isa-titp-xlsx': parseIsaTitpXlsx,
  'caa-keihyo-html': parseCaaKeihyoHtml,
};

/** The parsers written so far; a source whose parser is not here is not collected (never_collected). */
export const resolveParser: ParserResolver = (source) => {
  if (isGenericParser(source.parser)) return source.mapping ? parseGenericSource : null;
  return SPECIFIC_PARSERS[source.parser] ?? null;
};
