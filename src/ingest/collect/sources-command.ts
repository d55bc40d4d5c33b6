// `kohyo sources` (and `kohyo sources try`, sources-try.ts): the source registry, each source with its address (kind and format), parser and the outcome of its last collection.
import { addressSummary } from '../registry/source-address.js';
import { existsSync } from 'node:fs';
import { readLastRuns, type LastRun } from '../../store/read/last-runs.js';
import { NOT_WRITTEN, type SourceEntry } from '../registry/source-entry.js';
import { registryOrSentence, type SourceRegistry } from '../registry/source-registry.js';
import { resolveParser } from './resolve-parser.js';
import { runNotes } from './collect-report.js';
import { textTable } from './text-table.js';
import { messageOf } from '../../lib/error-of.js';
import { parseArgs } from 'node:util';
import { runSourcesTry, SOURCES_TRY_USAGE, type SourcesTryIo } from './sources-try.js';
import { runSourcesPropose } from '../propose/sources-propose.js';
import { SOURCES_PROPOSE_USAGE } from '../propose/propose-args.js';

export interface SourcesCommandIo extends Omit<SourcesTryIo, 'registry' | 'now'> {
  /** KOHYO_SOURCES_DIR (or its default): the operator's source files, read with the repository's sources. */
  readonly sourcesDir?: string;
  /** The registry of the repository and `sourcesDir` when not given. */
  readonly registry?: SourceRegistry;
  /** The clock `sources try` dates its read with; the system's when not given. */
  readonly now?: () => Date;
}

const USAGE = [SOURCES_TRY_USAGE, SOURCES_PROPOSE_USAGE].reduce(
  (usage, line) => `${usage}\n       ${line.replace(/^usage: /u, '')}`,
  'usage: kohyo sources',
);

/**
 * `sources` lists the registry (exit 0); `sources try` is a dry run of one source on a list (sources-try.ts); `sources
 * propose` maps a table no source reads yet (sources-propose.ts).
 */
export async function runSources(args: readonly string[], io: SourcesCommandIo): Promise<number> {
  const [sub, ...rest] = args;
  const command = sub === 'try' || sub === 'propose' ? `kohyo sources ${sub}` : 'kohyo sources';
  const registry = io.registry ?? (await registryOrSentence(io.stderr, command, io.sourcesDir));
  if (registry === null) return 1;
  const now = io.now ?? (() => new Date());
  if (sub === 'try') return runSourcesTry(rest, { ...io, registry, now });
  if (sub === 'propose') return runSourcesPropose(rest, { ...io, registry, now });
  try {
    parseArgs({ args: [...args], options: {}, strict: true, allowPositionals: false });
  } catch (error) {
    io.stderr(`kohyo sources: ${messageOf(error)}\n${USAGE}`);
    return 2;
  }
  return listSources(registry, io);
}

function listSources(registry: SourceRegistry, io: SourcesCommandIo): number {
  const resolve = io.resolve ?? resolveParser;
  const runs = readRuns(io.dbPath, io.stderr);
  const rows = registry.sources.map((s) => {
    const run = runs.get(s.id);
    return [
      s.id,
      s.publisher,
      s.record_kind,
      addressSummary(s),
      parserCell(s),
      run === undefined ? 'never_collected' : run.outcome,
      run?.finished_at ?? '',
      run?.records == null ? '' : String(run.records),
      run === undefined ? '' : String(run.skipped_rows_total),
      run === undefined ? '' : String(run.warnings.length),
      run?.error ?? '',
    ];
  });
  for (const line of textTable(
    [
      'source',
      'publisher',
      'kind',
      'address (kind, format)',
      'parser',
      'last outcome',
      'at',
      'records',
      'skipped rows',
      'warnings',
      'error',
    ],
    rows,
    [7, 8, 9],
  )) {
    io.stdout(line);
  }
  for (const [id, run] of runs)
    for (const line of runNotes(id, run.skipped_rows, run.warnings, run.link_notes, run.skipped_rows_total))
      io.stdout(line);
  const collectable = registry.sources.filter((s) => resolve(s) !== null).length;
  io.stdout(`\n${registry.sources.length} sources, ${collectable} with a parser, ${runs.size} collected at least once`);
  return 0;
}

/** The parser's id, `(not written)` for a list no module reads yet, `(unproven)` after a mapping no real list has tried. */
function parserCell(s: SourceEntry): string {
  if (s.parser === NOT_WRITTEN) return '(not written)';
  return s.unproven ? `${s.parser} (unproven)` : s.parser;
}

function readRuns(dbPath: string, stderr: (line: string) => void): Map<string, LastRun> {
  if (!existsSync(dbPath)) return new Map();
  try {
    return readLastRuns(dbPath);
  } catch (error) {
    stderr(`kohyo sources: cannot read the runs in ${dbPath}: ${messageOf(error)}`);
    return new Map();
  }
}
