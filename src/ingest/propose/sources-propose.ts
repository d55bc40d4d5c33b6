// `kohyo sources propose (--file F | --url U)`: a table no source reads yet (CSV, Excel, an HTML table) mapped from its
// header words into a source file (one table source, KOHYO_SOURCES_DIR/<id>.yaml), with what is left to give and what
// would give it, and the rows that mapping would give and skip, as `sources try` reads them; `--write` writes the file
// into the folder of source files, where `sources try` and `collect` read it, with no build.
import { basename, join } from 'node:path';
import { messageOf } from '../../lib/error-of.js';
import { shellWord } from '../../domain/text/shell-word.js';
import { formatName, formatOfBytes } from '../parsers/file-format.js';
import { DEFAULT_PARSE_BUDGET } from '../parsers/parse-budget.js';
import { headerWords } from './header-words.js';
import { proposeMapping } from './propose-mapping.js';
import { readProposeArgs, SOURCES_PROPOSE_USAGE, type ProposeArgs } from './propose-args.js';
import { dryRunLines } from './proposal-dry-run.js';
import { tablesOfFile, type FileTable } from './file-tables.js';
import { sampleRowLine } from './proposed-rows.js';
import { actionNotes, proposalLines, proposedSource, todoLines, type ProposedSource } from './proposal-report.js';
import { sourceFileText, type GivenValues } from './source-file-text.js';
import { writeSourceFile } from './write-source-file.js';
import type { SourceFormat } from '../registry/source-entry.js';
import type { SourcesTryIo } from '../collect/sources-try.js';
import { collectorFetcher, type Fetcher } from '../collect/fetcher.js';
import { readLocalListFile } from '../collect/local-list-file.js';

/** What `sources try` is given but a dataset and the parsers: propose links nothing, and reads with the table readers. */
export interface SourcesProposeIo extends Omit<SourcesTryIo, 'dbPath' | 'resolve'> {
  /** The folder of source files (KOHYO_SOURCES_DIR, or its default) that --write writes into. */
  readonly sourcesDir?: string;
}

/** Exit code 0 when a mapping is proposed (and written, with --write), 1 when not, 2 on a usage error. */
export async function runSourcesPropose(args: readonly string[], io: SourcesProposeIo): Promise<number> {
  const options = readProposeArgs(args);
  if (typeof options === 'string') {
    io.stderr(`kohyo sources propose: ${options}\n${SOURCES_PROPOSE_USAGE}`);
    return 2;
  }
  const fetcher = io.fetcher ?? collectorFetcher({ contact: io.contact ?? null, allowHosts: io.fetchAllowHosts ?? [] });
  try {
    const read = await readBytes(options, fetcher);
    if (typeof read === 'string') {
      io.stderr(`kohyo sources propose: ${read}`);
      return 1;
    }
    return await propose(read, options, io);
  } catch (error) {
    io.stderr(`kohyo sources propose: ${messageOf(error)}`);
    return 1;
  } finally {
    if (io.fetcher === undefined) await fetcher.close();
  }
}

/** The file's bytes and what to call it, bounded as a collected list is; why not, as a sentence. */
async function readBytes(
  options: ProposeArgs,
  fetcher: Fetcher,
): Promise<{ bytes: Uint8Array; name: string; url: string | null } | string> {
  if (options.file !== null) {
    const read = await readLocalListFile(options.file);
    return read.ok ? { bytes: read.body, name: basename(options.file), url: options.url } : read.error;
  }
  const url = options.url ?? '';
  const fetched = await fetcher.fetch(url);
  if (fetched.kind !== 'fetched')
    return `${url} could not be read: ${fetched.kind === 'failed' ? fetched.error : '304'}`;
  return { bytes: fetched.body, name: fetched.url, url: fetched.url };
}

async function propose(
  read: { bytes: Uint8Array; name: string; url: string | null },
  options: ProposeArgs,
  io: SourcesProposeIo,
): Promise<number> {
  const format = formatOfBytes(read.bytes);
  if (format === null || format === 'pdf') {
    const what = format === null ? 'a file of no format a source reads' : formatName(format);
    io.stderr(
      `${read.name} is ${what}: propose maps tables of text (a CSV, an Excel workbook, an HTML table); a list printed as a PDF needs a table mapping with the pdf-table reader or a parser of its own (docs/data-sources.md "Adding a source")`,
    );
    return 1;
  }
  const budget = io.parseBudget ?? DEFAULT_PARSE_BUDGET;
  const tables = await tablesOfFile(read.bytes, format, budget);
  if (!tables.ok) {
    io.stderr(`${read.name}: ${tables.error}`);
    return 1;
  }
  const words = headerWords(io.registry.sources);
  const proposals = tables.tables.flatMap((table) => {
    const asked = { kind: options.kind, caption: table.caption, columns: options.columns };
    const proposal = proposeMapping(table.rows, words, asked);
    return proposal === null ? [] : [{ table, proposal }];
  });
  const best = proposals.sort((a, b) => b.proposal.columns.size - a.proposal.columns.size)[0];
  if (best === undefined) {
    io.stderr(
      `${read.name}: no table in it has a header row naming a company (商号, 名称, 事業者名, …) and another field within its first 30 rows, so no mapping is proposed`,
    );
    return 1;
  }
  const unknown = [...options.columns.values()].filter((header) => !best.proposal.headers.includes(header));
  if (unknown.length > 0) {
    const headers = best.proposal.headers.filter((h) => h !== '').map((h) => `「${h}」`);
    io.stderr(
      `${read.name}: --column names ${unknown.map((h) => `「${h}」`).join(', ')}, no header of its table (${headers.join(', ')})`,
    );
    return 1;
  }
  return report(read, format, best, tables.tables.length, options, io);
}

type Proposal = NonNullable<ReturnType<typeof proposeMapping>>;

/** The proposal, the source file, what is left to give and the rows; the file written with --write. The exit code. */
async function report(
  read: { bytes: Uint8Array; name: string; url: string | null },
  format: SourceFormat,
  { table, proposal }: { table: FileTable; proposal: Proposal },
  tableCount: number,
  options: ProposeArgs,
  io: SourcesProposeIo,
): Promise<number> {
  const out = io.stdout;
  const source = proposedSource(table, proposal, options.fixed);
  const how = table.notes ? ` (${table.notes})` : '';
  const which = tableCount > 1 ? `, ${table.what} of ${tableCount}` : '';
  out(`${read.name}: ${formatName(format)}${how}${which}; header in row ${proposal.header_row}`);
  for (const line of proposalLines(proposal, source)) out(line);
  out('');
  const given = { ...options.given, ...(read.url === null ? {} : { url: read.url }) };
  const text = sourceFileText({
    kind: proposal.kind,
    format,
    given,
    mapping: source.mapping,
    todo: source.todo,
    fixed_why: source.fixed_why,
    action_notes: actionNotes(proposal),
    unmatched: source.unmatched,
    from: read.name,
  });
  const dir = io.sourcesDir ?? 'KOHYO_SOURCES_DIR';
  out(`source file to save as ${join(dir, `${given.id ?? '<id>'}.yaml`)}, what it marks TODO filled in:`);
  for (const line of text.replace(/\n$/u, '').split('\n')) out(`  ${line}`);
  out('');
  for (const line of todoLines(given, proposal, source)) out(line);
  out('');
  const standing = [...source.todo, ...source.unreadable];
  if (standing.length > 0) sampleRows(table, proposal, standing, out);
  // the rows the list would skip for anything else, told now, where a stand-in can be read for what is missing
  if (source.unreadable.every((field) => TEXT_FIELDS.has(field))) {
    const run = { bytes: read.bytes, proposal, mapping: source.mapping, format, publisher: given.publisher };
    const stood = { todo: source.todo, missing: source.unreadable, now: io.now(), budget: io.parseBudget };
    for (const line of await dryRunLines({ ...run, ...stood })) out(line);
  }
  return options.write ? written(text, given, source, options.file, io) : (out('nothing was written'), 0);
}

/** The fields of words a stand-in column can be read for, so that the rows skipped for anything else are told. */
const TEXT_FIELDS: ReadonlySet<string> = new Set(['summary', 'reason']);

/** The file written (exit 0), or why not (exit 1): a value still to give, or a file that would not load. */
function written(
  text: string,
  given: GivenValues,
  source: ProposedSource,
  file: string | null,
  io: SourcesProposeIo,
): number {
  const needed = [...source.todo, ...source.unreadable];
  if (needed.length > 0) {
    io.stderr(`kohyo sources propose: not written: ${needed.join(', ')} still to be given (the needs above say how)`);
    return 1;
  }
  const id = given.id ?? '';
  const done = writeSourceFile(io.sourcesDir ?? '', id, text, io.registry);
  if (!done.ok) {
    io.stderr(`kohyo sources propose: not written: ${done.why}`);
    return 1;
  }
  const from = file === null ? '' : ` --file ${shellWord(file)}`;
  const place = done.unread ? ', in the place of the list registered unread under its id' : '';
  io.stdout(`wrote ${done.path}${place}: from now on every command reads it (\`kohyo sources\` lists it)`);
  io.stdout(`next: \`kohyo sources try ${id}${from}\`, then \`kohyo collect ${id}${from}\``);
  return 0;
}

/** Where no record can be read yet (a value the kind needs is still to be given): the first rows as the mapping reads them. */
function sampleRows(
  table: FileTable,
  proposal: Proposal,
  missing: readonly string[],
  out: (line: string) => void,
): void {
  const data = table.rows.slice(proposal.header_row).map((row, i) => ({ row, number: proposal.header_row + i + 1 }));
  const filled = data.filter(({ row }) => row.some((cell) => cell.trim() !== ''));
  out(
    `${filled.length} data row(s) under the header; no record until ${missing.join(', ')} has a value. The first rows as the mapping reads them:`,
  );
  for (const { row, number } of filled.slice(0, SHOWN_ROWS)) out(`  ${sampleRowLine(row, number, proposal)}`);
}

/** How many rows the report shows: enough to judge a mapping by. */
const SHOWN_ROWS = 10;
