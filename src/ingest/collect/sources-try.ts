// `kohyo sources try <source> (--file F | --url U)`: a dry run of a source on a list, writing nothing: the list read,
// parsed and validated and linked as `collect` would, and what it would give shown, so that an operator can add or
// repair a source when a publisher changes its page.
import { existsSync } from 'node:fs';
import { basename } from 'node:path';
import { parseArgs } from 'node:util';
import { instant } from '../../domain/dates.js';
import { editionDateOf, printedDateOf } from '../../domain/edition-date.js';
import { NO_NAMESAKES, type Namesakes } from '../../domain/companies/link-company.js';
import type { ValidRecord } from '../../domain/records/record.js';
import { messageOf } from '../../lib/error-of.js';
import { createCompanyLinkQueries } from '../../store/read/company-link-queries.js';
import { openReadOnly, type Db } from '../../store/schema/database.js';
import { DEFAULT_PARSE_BUDGET, type ParseBudget } from '../parsers/parse-budget.js';
import {
  skippedTotal,
  type ParsedList,
  type ParserResolver,
  type RecordOrigin,
  type SourceParser,
} from '../parsers/source-parser.js';
import { formatFits, formatName, formatOfBytes } from '../parsers/file-format.js';
import { liveDatasetKind } from '../../store/write/dataset-kind.js';
import { unknownSourceMessage } from './nearest-ids.js';
import type { SourceEntry } from '../registry/source-entry.js';
import type { SourceRegistry } from '../registry/source-registry.js';
import { collectorFetcher, type Fetcher } from './fetcher.js';
import { parseListFiles, type ListFile } from './parse-list-files.js';
import { budgetedResolver } from './parse-thread.js';
import { prepareRecords } from './prepare-records.js';
import { readList } from './read-list.js';
import { runNotes } from './collect-report.js';
import { skippedRowLines, type SkippedRow } from '../../domain/skipped-row.js';

export const SOURCES_TRY_USAGE = 'usage: kohyo sources try <source> (--file F | --url U) [--all]';

export interface SourcesTryIo {
  readonly dbPath: string;
  readonly now: () => Date;
  readonly stdout: (line: string) => void;
  readonly stderr: (line: string) => void;
  readonly registry: SourceRegistry;
  readonly contact?: string | null;
  /** KOHYO_FETCH_ALLOW_HOSTS: the hosts `--url` may reach whatever their addresses (none when not given). */
  readonly fetchAllowHosts?: readonly string[];
  readonly parseBudget?: ParseBudget;
  /** Seams for tests; the parsers on threads under the budget and a real fetcher otherwise. */
  readonly resolve?: ParserResolver;
  readonly fetcher?: Fetcher;
}

/** Exit code 0 when the list reads, 1 when it does not, 2 on a usage error. Nothing is written, whatever happens. */
export async function runSourcesTry(args: readonly string[], io: SourcesTryIo): Promise<number> {
  const chosen = chooseTry(args, io.registry);
  if (typeof chosen === 'string') {
    io.stderr(`kohyo sources try: ${chosen}\n${SOURCES_TRY_USAGE}`);
    return 2;
  }
  const parse = (io.resolve ?? budgetedResolver(io.parseBudget ?? DEFAULT_PARSE_BUDGET))(chosen.source);
  if (parse === null) {
    io.stderr(
      `kohyo sources try: source '${chosen.source.id}' is registered, but no module reads its list yet (no mapping, no parser): ` +
        `\`kohyo sources propose --url U\` (or --file F) proposes a module for a table (docs/data-sources.md "Adding a source")`,
    );
    return 2;
  }
  const fetcher = io.fetcher ?? collectorFetcher({ contact: io.contact ?? null, allowHosts: io.fetchAllowHosts ?? [] });
  const links = linkQueries(io.dbPath);
  try {
    return await tryList(chosen, parse, { ...io, fetcher, links });
  } catch (error) {
    io.stderr(`kohyo sources try: ${messageOf(error)}`);
    return 1;
  } finally {
    links.close();
    if (io.fetcher === undefined) await fetcher.close();
  }
}

/** The list read, its format checked, parsed, validated and linked, and reported: the exit code. */
async function tryList(
  chosen: TryChoice,
  parse: SourceParser,
  io: SourcesTryIo & { fetcher: Fetcher; links: LinkQueries },
): Promise<number> {
  const list = await readList(
    chosen.source,
    { fetcher: io.fetcher, force: true },
    chosen.file === null ? null : [chosen.file],
  );
  if (list.kind !== 'read') {
    io.stderr(list.kind === 'failed' ? `the list could not be read: ${list.error}` : 'the list was not sent (304)');
    return 1;
  }
  const misfit = formatMisfit(chosen.source, list.files);
  if (misfit !== null) {
    io.stderr(misfit);
    return 1;
  }
  const retrievedAt = io.now();
  const parsed = await parseListFiles(list.files, parse, chosen.source, instant(retrievedAt), io.parseBudget);
  if (!parsed.ok) {
    io.stderr(`the list does not parse: ${parsed.error}`);
    for (const problem of parsed.problems) io.stderr(`  ${problem}`);
    return 1;
  }
  const mode = list.files.length > 1 ? 'keep_first' : 'by_row';
  const rule = chosen.source.unreadable_rows;
  const prepared = prepareRecords(parsed, chosen.source.id, io.links.namesakes, mode, rule);
  if (!prepared.ok) {
    io.stderr(`the records do not fit: ${prepared.error}`);
    for (const problem of prepared.problems) io.stderr(`  ${problem}`);
    return 1;
  }
  const edition = editionDateOf({
    printed: printedDateOf(prepared.records),
    latest_record: parsed.period?.to ?? null,
    last_modified: list.last_modified,
    retrieved_at: retrievedAt,
  });
  const tried = { parsed, ...prepared, edition, links: io.links.note, files: list.files.length };
  report(io.stdout, chosen.source, tried, chosen.shown);
  return 0;
}

/**
 * What is wrong with a file whose bytes are not the format the source reads (a CSV given to a source of HTML pages, an
 * HTML error page served for a PDF), said before any parser fails on it; null when every file fits.
 */
function formatMisfit(source: SourceEntry, files: readonly ListFile[]): string | null {
  for (const file of files) {
    const found = formatOfBytes(file.body);
    if (found !== null && formatFits(source.format, found)) continue;
    const what = file.path === null ? `${file.url} gave` : `you gave ${basename(file.path)}:`;
    const given = found === null ? 'a file of no format a source reads' : formatName(found);
    const propose =
      found === null
        ? ''
        : `; to start a source of this file instead: \`kohyo sources propose --file ${file.path ?? 'F'}\``;
    return `${what} ${given}; source '${source.id}' reads ${formatName(source.format)}${propose}`;
  }
  return null;
}

function chooseTry(args: readonly string[], registry: SourceRegistry): TryChoice | string {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...args],
      allowPositionals: true,
      options: { file: { type: 'string' }, url: { type: 'string' }, all: { type: 'boolean' } },
    });
  } catch (error) {
    return messageOf(error);
  }
  const [id, ...extra] = parsed.positionals;
  const { file, url, all = false } = parsed.values;
  const shown = all ? Number.POSITIVE_INFINITY : SHOWN;
  if (id === undefined || extra.length > 0) return 'name one source';
  if ((file === undefined) === (url === undefined)) return 'give either --file F or --url U';
  const source = registry.get(id);
  if (source === undefined)
    return unknownSourceMessage(
      id,
      registry.sources.map((s) => s.id),
    );
  if (url === undefined) return { source, file: file ?? null, shown };
  if (!/^https?:\/\//u.test(url) || !URL.canParse(url)) return `--url '${url}' is not an http(s) URL`;
  // the list at the address given, read as the source reads its own (a list_link is followed from it)
  return { source: { ...source, url, more_urls: [] }, file: null, shown };
}

/** The source tried, the file it is tried on (null: its address), and how many records and skipped rows to show. */
interface TryChoice {
  readonly source: SourceEntry;
  readonly file: string | null;
  readonly shown: number;
}

interface LinkQueries {
  readonly namesakes: (key: string, prefecture: string) => Namesakes;
  /** How the links were tried, for the report: against which dataset, or why none were. */
  readonly note: string;
  readonly close: () => void;
}

/** The namesakes a record may link to, from the dataset at KOHYO_DB when there is one; none otherwise (and the report says so). */
function linkQueries(dbPath: string): LinkQueries {
  let db: Db | null = null;
  try {
    db = existsSync(dbPath) ? openReadOnly(dbPath) : null;
  } catch (error) {
    return {
      namesakes: () => NO_NAMESAKES,
      note: `no links tried: ${dbPath} cannot be read (${messageOf(error)})`,
      close: () => undefined,
    };
  }
  if (db === null)
    return { namesakes: () => NO_NAMESAKES, note: `no links tried: no dataset at ${dbPath}`, close: () => undefined };
  const queries = createCompanyLinkQueries(db);
  const opened = db;
  const demo = liveDatasetKind(dbPath) === 'demo';
  return {
    namesakes: (key, prefecture) => queries.namesakes(key, prefecture),
    note: demo
      ? `links tried against the demo dataset at ${dbPath}: its companies are fictional, so a link (or none) says nothing of a real company; point KOHYO_DB at a production dataset`
      : `links to the companies of ${dbPath}`,
    close: () => opened.close(),
  };
}

interface TryOutcome {
  readonly parsed: ParsedList;
  readonly records: readonly ValidRecord[];
  readonly origins: readonly RecordOrigin[];
  readonly unreadable: ParsedList['skipped_rows'];
  readonly warnings: readonly string[];
  readonly repeated: number;
  readonly link_notes: readonly string[];
  readonly links: string;
  readonly files: number;
  readonly edition: { readonly on: string; readonly source: string };
}

/**
 * How many records and skipped rows the report shows one by one: enough to judge a list by; the rest are counted
 * (`--all` shows every one).
 */
const SHOWN = 10;

function report(out: (line: string) => void, source: SourceEntry, tried: TryOutcome, shownAtMost: number): void {
  const { parsed, records } = tried;
  const how = source.mapping ? `its mapping${source.unproven ? ' (unproven)' : ''}` : 'its own parser';
  out(`${source.id}: ${tried.files} file(s) read with ${source.parser}, through ${how}; nothing was written`);
  for (const line of fieldLines(source, parsed)) out(line);
  out(`edition: ${tried.edition.on} (${EDITION_HOW[tried.edition.source] ?? tried.edition.source})`);
  const skipped = [...parsed.skipped_rows, ...tried.unreadable];
  const total = skippedTotal(parsed) + tried.unreadable.length;
  const read = parsed.records.length + skippedTotal(parsed);
  const again = tried.repeated > 0 ? `, ${tried.repeated} the same record again (in another file of the list)` : '';
  out(`rows: ${read} read, ${records.length} kept as records, ${total} skipped${again}`);
  const linked = records.filter((r) => r.company.link === 'name_address').length;
  const given = records.filter((r) => r.company.link === 'source').length;
  out(
    `${records.length} record(s) it would give: ${given} with the source's Corporate Number, ${linked} linked by name and address (${tried.links})`,
  );
  records.slice(0, shownAtMost).forEach((record, i) => out(`  ${recordLine(record, tried.origins[i])}`));
  if (records.length > shownAtMost) out(`  and ${records.length - shownAtMost} more records (--all shows every one)`);
  out(`${total} row(s) it would skip${total === 0 ? '' : ', with the reason and the row of each'}`);
  const shown = skipped.slice(0, shownAtMost);
  const notes = runNotes(source.id, shown, [...parsed.warnings, ...tried.warnings], tried.link_notes, shown.length);
  const more = total - shown.length;
  // the first rows one by one under the source's name, then the rest counted by reason, then the warnings and links
  const listed = 1 + skippedRowLines(shown).length;
  notes.splice(
    listed,
    0,
    ...(more > 0 ? [`  and ${more} more skipped rows${byReason(skipped.slice(shownAtMost), more)}`] : []),
  );
  for (const line of notes) out(line);
}

/** The rest of the skipped rows counted by reason (its words before the first colon): ': 250 a blank row, 3 unreadable'. */
function byReason(rows: readonly SkippedRow[], count: number): string {
  const reasons = new Map<string, number>();
  for (const row of rows) {
    const reason = row.reason.split(':')[0] ?? row.reason;
    reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
  }
  const counted = [...reasons].map(([reason, n]) => `${n} ${reason}`);
  if (rows.length < count) counted.push(`${count - rows.length} not kept to count`);
  return counted.length === 0 ? '' : `: ${counted.join(', ')}`;
}

/**
 * Where each field came from: the header of its column as the list prints it, the place a parser of its own reads it
 * from otherwise, and the values the registry fixes for every record.
 */
function fieldLines(source: SourceEntry, parsed: ParsedList): string[] {
  const columns = Object.entries(parsed.columns ?? {});
  const lines = [
    columns.length === 0
      ? 'columns: none (no field is read from a column by its header)'
      : `columns: ${columns.map(([field, header]) => `${field} ← 「${header}」`).join(', ')}`,
  ];
  const elsewhere = Object.entries(parsed.read_from ?? {});
  if (elsewhere.length > 0) lines.push('read otherwise:', ...elsewhere.map(([field, how]) => `  ${field} ← ${how}`));
  const fixed = Object.entries(source.mapping?.fixed ?? source.fixed ?? {}).map(
    ([field, value]) => `${field} = ${value}`,
  );
  const streams = source.mapping?.fixed_by;
  if (streams !== undefined) {
    const each = streams.values.map(([words, values]) => {
      const set = Object.entries(values).map(([field, value]) => `${field} = ${value}`);
      return `「${words}」: ${set.join(', ')}`;
    });
    fixed.push(`by the column 「${streams.column}」 (${each.join('; ')})`);
  }
  if (fixed.length > 0) lines.push(`fixed by the registry: ${fixed.join(', ')}`);
  return lines;
}

const EDITION_HOW: Readonly<Record<string, string>> = {
  printed: 'printed on the list',
  last_modified: "the server's Last-Modified",
  latest_record: "the list's newest record",
  collected: 'the day it was read: the list gives no date',
};

function recordLine(record: ValidRecord, origin: RecordOrigin | undefined): string {
  const where = origin
    ? `row ${origin.row}${origin.page != null ? ` (page ${origin.page})` : ''}${origin.file ? ` of ${origin.file}` : ''}`
    : 'row ?';
  const when =
    record.kind === 'procurement_suspension' ? `${record.period.from}～${record.period.to ?? ''}` : record.date;
  const company = record.company;
  const tie =
    company.corporate_number === null
      ? 'not linked'
      : `${company.link === 'source' ? 'its Corporate Number' : 'linked'} ${company.corporate_number}`;
  return `${where}: ${when} 「${company.name}」${company.address ? ` (${company.address})` : ''}, ${record.authority}: ${tie}`;
}
