// Which parser reads a registry source, adapted to the collector's seam: the registry names parsers by id.
import type { SourceEntry } from '../registry/source-entry.js';
import { isGenericParser, parseContextFor, parseGenericSource } from '../parsers/generic-parsers.js';
import { parseMhlwLabourViolationsPdf } from '../parsers/mhlw-labour-violations-pdf.js';
import type { ParseContext as ParsersContext, ParseOutcome } from '../parsers/parse-result.js';
import type { ParseContext, ParseResult, ParserResolver } from './source-parser.js';

/** The parsers written so far; a source whose parser is not here is not collected (never_collected). */
export const resolveParser: ParserResolver = (source) => {
  if (isGenericParser(source.parser)) {
    return source.mapping ? async (bytes, context) => toResult(await parseGenericSource(source, bytes, parsersContext(context))) : null;
  }
  switch (source.parser) {
    case 'mhlw-labour-violations-pdf':
      return async (bytes, context) => toResult(await parseMhlwLabourViolationsPdf(bytes, parsersContext(context)));
    default:
      return null;
  }
};

/** The records cite the address the bytes came from, not the registry's (the page linking the list, say). */
function parsersContext({ source, url, retrievedAt }: ParseContext): ParsersContext {
  return parseContextFor({ ...source, url }, retrievedAt);
}

function toResult(outcome: ParseOutcome): ParseResult {
  if (outcome.ok) return { ok: true, records: outcome.records, period: outcome.period };
  const problems = outcome.problems.length > 0 ? ` (${outcome.problems.join('; ')})` : '';
  return { ok: false, error: `${outcome.error}${problems}` };
}

/** Whether the repository has a parser for the source. */
export function hasParser(source: SourceEntry): boolean {
  return resolveParser(source) !== null;
}
