// `kohyo sources propose (--file F | --url U)`: a table no source reads yet (CSV, Excel, an HTML table) mapped from its
// header words into the source.ts of a new module, with the rows that mapping would give and the columns it left
// unmapped, so that an operator starts the module from what it printed. It writes nothing.
import { basename } from 'node:path';
import { instant } from '../../domain/dates.js';
import { RECORD_KINDS, type RecordKind } from '../../domain/records/record.js';
import { messageOf } from '../../lib/error-of.js';
import { readCommandArgs } from '../../command-args.js';
import type { ColumnMapping, FixedValues } from '../parsers/column-mapping.js';
import { formatName, formatOfBytes } from '../parsers/file-format.js';
import { DEFAULT_PARSE_BUDGET } from '../parsers/parse-budget.js';
import { keptNotes } from '../parsers/source-parser.js';
import { parseGenericSource, tableParserId } from '../parsers/generic-parsers.js';
import { headerWords } from './header-words.js';
import { moduleText } from './module-text.js';
import { proposeMapping } from './propose-mapping.js';
import { tablesOfFile, type FileTable } from './file-tables.js';
import { proposedRecordLine, sampleRowLine } from './proposed-rows.js';
import { actionNotes, FIXABLE, proposalLines, proposedSource, todoLines } from './proposal-report.js';
import type { SourceEntry, SourceFormat } from '../registry/source-entry.js';
import type { SourcesTryIo } from '../collect/sources-try.js';
import { runNotes } from '../collect/collect-report.js';
import { collectorFetcher, type Fetcher } from '../collect/fetcher.js';
import { readLocalListFile } from '../collect/local-list-file.js';

export const SOURCES_PROPOSE_USAGE =
  'usage: kohyo sources propose (--file F | --url U) [--kind KIND] [--fixed FIELD=CODE]...';

/** What `sources try` is given but a dataset and the parsers: propose links nothing, and reads with the table readers. */
export type SourcesProposeIo = Omit<SourcesTryIo, 'dbPath' | 'resolve'>;

interface ProposeArgs {
  readonly file: string | null;
  readonly url: string | null;
  readonly kind: RecordKind | undefined;
  readonly fixed: FixedValues;
}

/** Exit code 0 when a mapping is proposed, 1 when the file holds no table it can map, 2 on a usage error. */
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

function readProposeArgs(args: readonly string[]): ProposeArgs | string {
  const parsed = readCommandArgs(args, {
    options: {
      file: { type: 'string' },
      url: { type: 'string' },
      kind: { type: 'string' },
      fixed: { type: 'string', multiple: true },
    },
  });
  if (typeof parsed === 'string') return parsed;
  const { file, url, kind, fixed = [] } = parsed.values;
  if ((file === undefined) === (url === undefined)) return 'give either --file F or --url U';
  if (url !== undefined && (!/^https?:\/\//u.test(url) || !URL.canParse(url)))
    return `--url '${url}' is not an http(s) URL`;
  const asked = RECORD_KINDS.find((k) => k === kind);
  if (kind !== undefined && asked === undefined) return `--kind is one of ${RECORD_KINDS.join(', ')}`;
  const values: Partial<Record<keyof FixedValues, string>> = {};
  for (const pair of fixed) {
    const [field = '', value = ''] = pair.split('=', 2);
    const key = FIXABLE[field];
    if (key === undefined || value === '')
      return `--fixed is FIELD=CODE, FIELD one of ${Object.keys(FIXABLE).join(', ')}`;
    values[key] = value;
  }
  return { file: file ?? null, url: url ?? null, kind: asked, fixed: values };
}

/** The file's bytes and what to call it, bounded as a collected list is; why not, as a sentence. */
async function readBytes(
  options: ProposeArgs,
  fetcher: Fetcher,
): Promise<{ bytes: Uint8Array; name: string; url: string | null } | string> {
  if (options.file !== null) {
    const read = await readLocalListFile(options.file);
    return read.ok ? { bytes: read.body, name: basename(options.file), url: null } : read.error;
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
    const proposal = proposeMapping(table.rows, words, { kind: options.kind, caption: table.caption });
    return proposal === null ? [] : [{ table, proposal }];
  });
  const best = proposals.sort((a, b) => b.proposal.columns.size - a.proposal.columns.size)[0];
  if (best === undefined) {
    io.stderr(
      `${read.name}: no table in it has a header row naming a company (商号, 名称, 事業者名, …) and another field within its first 30 rows, so no mapping is proposed`,
    );
    return 1;
  }
  await report(read, format, best, tables.tables.length, options, io);
  return 0;
}

type Proposal = NonNullable<ReturnType<typeof proposeMapping>>;

async function report(
  read: { bytes: Uint8Array; name: string; url: string | null },
  format: SourceFormat,
  { table, proposal }: { table: FileTable; proposal: Proposal },
  tableCount: number,
  options: ProposeArgs,
  io: SourcesProposeIo,
): Promise<void> {
  const out = io.stdout;
  const source = proposedSource(table, proposal, options.fixed);
  const how = table.notes ? ` (${table.notes})` : '';
  const which = tableCount > 1 ? `, ${table.what} of ${tableCount}` : '';
  out(`${read.name}: ${formatName(format)}${how}${which}; header in row ${proposal.header_row}`);
  for (const line of proposalLines(proposal, source)) out(line);
  out('');
  const module = moduleText({
    kind: proposal.kind,
    format,
    url: read.url,
    mapping: source.mapping,
    todo: source.todo,
    fixed_why: source.fixed_why,
    action_notes: actionNotes(proposal),
  });
  out('source.ts to start the module from (src/ingest/sources/<folder>/source.ts), what it marks TODO filled in:');
  for (const line of module.split('\n')) out(`  ${line}`);
  out('');
  for (const line of todoLines(module, proposal, source)) out(line);
  out('');
  if (source.todo.length > 0 || source.unreadable.length > 0)
    sampleRows(table, proposal, [...source.todo, ...source.unreadable], out);
  const mapping = withoutTodo(source.mapping);
  if (source.unreadable.length > 0) {
    out('nothing was written');
    return;
  }
  // the rows it would skip are told now, whatever the values still TODO turn out to be
  const tried = source.todo.length === 0 ? mapping : withTodoTried(mapping, source.todo);
  await dryRun(read.bytes, proposal, tried, format, io, source.todo.length === 0 ? 'records' : 'skipped rows');
  out('nothing was written');
}

/** The mapping with a stand-in for each fixed value still TODO, to find the rows that fail for something else. */
function withTodoTried(mapping: ColumnMapping, todo: readonly (keyof FixedValues)[]): ColumnMapping {
  return { ...mapping, fixed: { ...mapping.fixed, ...Object.fromEntries(todo.map((key) => [key, 'TODO'])) } };
}

/** The mapping as it can read the table now: the words still marked TODO read as no code (their rows skipped, saying so). */
function withoutTodo(mapping: ColumnMapping): ColumnMapping {
  const known = (pairs: ColumnMapping['action_types']) => pairs?.filter(([, code]) => code !== 'TODO');
  return { ...mapping, action_types: known(mapping.action_types), sectors: known(mapping.sectors) };
}

/** Where no record can be read yet (a field the kind needs has no value): the first rows as the mapping reads their cells. */
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

/** How many rows or records the report shows: enough to judge a mapping by. */
const SHOWN_ROWS = 10;

/** The file read through the proposed mapping by the table reader of its format, as `collect` would read it. */
async function dryRun(
  bytes: Uint8Array,
  proposal: Proposal,
  mapping: ColumnMapping,
  format: SourceFormat,
  io: SourcesProposeIo,
  shown: 'records' | 'skipped rows',
): Promise<void> {
  const source: SourceEntry = {
    id: 'proposed',
    // what the records' lines show as their authority, where no column names one: the module's TODO
    publisher: '(publisher)',
    record_kind: proposal.kind,
    title: 'TODO',
    url: 'https://proposed.invalid/',
    url_kind: 'list_file',
    format,
    mapping,
    parser: tableParserId(format),
    publisher_group: 'national',
    counted_body: 'TODO',
  };
  const context = { source, url: source.url, retrieved_at: instant(io.now()), budget: io.parseBudget };
  const read = await parseGenericSource(bytes, context);
  if (!read.ok) {
    io.stdout(`no records: ${read.error}`);
    for (const problem of read.problems) io.stdout(`  ${problem}`);
    return;
  }
  const list = keptNotes(read);
  const total = list.skipped_total ?? list.skipped_rows.length;
  if (shown === 'records') {
    io.stdout(
      `${list.records.length} record(s) it would give, read by the ${source.parser} reader (not yet validated or linked: \`kohyo sources try\` does that once the module is written); the first:`,
    );
    list.records
      .slice(0, SHOWN_ROWS)
      .forEach((record, i) => io.stdout(`  ${proposedRecordLine(record, list.origins?.[i])}`));
    io.stdout(`${total} row(s) it would skip`);
  } else io.stdout(`${total} row(s) it would skip, whatever the values still TODO are`);
  for (const line of runNotes('proposed', list.skipped_rows, list.warnings, [], total)) io.stdout(line);
}
