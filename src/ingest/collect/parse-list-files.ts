// A source's list read from one file or several: each file parsed on its own (the parser contract is per file), the results joined.
import { basename } from 'node:path';
import {
  keptNotes,
  parseSafely,
  skippedTotal,
  type ParseOutcome,
  type ParsedList,
  type SourceParser,
} from '../parsers/source-parser.js';
import type { SourceEntry } from '../registry/source-entry.js';
import { DEFAULT_PARSE_BUDGET, type ParseBudget } from '../parsers/parse-budget.js';

/** One file of the list: where it came from (what its records cite) and its bytes. */
export interface ListFile {
  readonly url: string;
  /** The local path for a file read from disk, named in messages instead of the registry URL all local files cite. */
  readonly path: string | null;
  readonly body: Buffer;
}

/**
 * Parses every file; the first that fails fails the list (nothing of the others is kept). Records are
 * concatenated in file order; validation and de-duplication by id happen once they have ids (prepare-records.ts). With
 * several files, skipped rows and warnings name their file, since row numbers restart in each. Skipped rows are
 * kept bounded, with their count (keptNotes).
 */
export async function parseListFiles(
  files: readonly ListFile[],
  parse: SourceParser,
  source: SourceEntry,
  retrievedAt: string,
  budget: ParseBudget = DEFAULT_PARSE_BUDGET,
): Promise<ParseOutcome> {
  const parts: { file: ListFile; list: ParsedList }[] = [];
  // the rows of the files read so far, so that the bound on a list's rows holds for its files together
  let rows = 0;
  for (const file of files) {
    const bytes = new Uint8Array(file.body.buffer, file.body.byteOffset, file.body.length);
    const context = { source, url: file.url, retrieved_at: retrievedAt, budget, list_rows_before: rows };
    const parsed = await parseSafely(parse, bytes, context);
    if (!parsed.ok) return files.length === 1 ? parsed : { ...parsed, error: `${nameOf(file)}: ${parsed.error}` };
    parts.push({ file, list: parsed });
    rows += parsed.records.length + skippedTotal(parsed);
  }
  const [first] = parts;
  if (first !== undefined && parts.length === 1) return keptNotes(first.list);
  const lists = parts.map((p) => p.list);
  return keptNotes({
    ok: true,
    records: lists.flatMap((list) => list.records),
    columns: lists[0]?.columns,
    read_from: lists[0]?.read_from,
    // row numbers restart in each file: each record's origin names its file
    origins: parts.flatMap(({ file, list }) =>
      list.records.map((_, i) => ({ ...(list.origins?.[i] ?? { row: i + 1 }), file: nameOf(file) })),
    ),
    period: joinedPeriod(lists),
    skipped_rows: parts.flatMap(({ file, list }) =>
      keptNotes(list).skipped_rows.map((row) => ({ ...row, file: nameOf(file) })),
    ),
    skipped_total: lists.reduce((n, list) => n + skippedTotal(list), 0),
    warnings: parts.flatMap(({ file, list }) => list.warnings.map((w) => `${nameOf(file)}: ${w}`)),
  });
}

/** The span of the stated periods; null (taken from the records' dates) when a file with records states none. */
function joinedPeriod(parts: readonly ParsedList[]): ParsedList['period'] {
  if (parts.some((p) => p.period === null && p.records.length > 0)) return null;
  const periods = parts.map((p) => p.period).filter((p) => p !== null);
  const [from] = periods.map((p) => p.from).sort();
  const to = periods
    .map((p) => p.to)
    .sort()
    .at(-1);
  return from === undefined || to === undefined ? null : { from, to };
}

function nameOf(file: ListFile): string {
  return file.path === null ? file.url : basename(file.path);
}
