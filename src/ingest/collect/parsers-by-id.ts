// Which parser reads a registry source, adapted to the collector's seam: the registry names parsers by id.
import type { SourceEntry } from '../registry/source-entry.js';
import { isGenericParser, parseContextFor, parseGenericSource } from '../parsers/generic-parsers.js';
import { parseMhlwLabourViolationsPdf } from '../parsers/mhlw-labour-violations-pdf.js';
import type { ParseOutcome } from '../parsers/parse-result.js';
import type { ParseResult, ParserResolver, SourceParser } from './source-parser.js';

/** The parsers written so far; a source whose parser is not here is not collected (never_collected). */
export const resolveParser: ParserResolver = (source) => {
  if (isGenericParser(source.parser)) {
    return source.mapping ? (bytes, { retrievedAt }) => parseGenericSource(source, bytes, parseContextFor(source, retrievedAt)).then(toResult) : null;
  }
  switch (source.parser) {
    case 'mhlw-labour-violations-pdf':
      return specific((bytes, retrievedAt) => parseMhlwLabourViolationsPdf(bytes, parseContextFor(source, retrievedAt)));
    default:
      return null;
  }
};

function specific(parse: (bytes: Uint8Array, retrievedAt: string) => Promise<ParseOutcome>): SourceParser {
  return async (bytes, { retrievedAt }) => toResult(await parse(bytes, retrievedAt));
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
