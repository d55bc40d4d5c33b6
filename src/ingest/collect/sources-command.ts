// `kohyo sources`: the source registry, each source with its address (kind and format), parser and the outcome of its last collection.
import { addressSummary } from '../registry/source-address.js';
import { existsSync } from 'node:fs';
import { readLastRuns, type LastRun } from '../../store/last-runs.js';
import { NOT_WRITTEN, type SourceEntry } from '../registry/source-entry.js';
import { sourceRegistry, type SourceRegistry } from '../registry/source-registry.js';
import { resolveParser } from './parsers-by-id.js';
import type { ParserResolver } from '../parsers/source-parser.js';
import { runNotes } from './collect-report.js';
import { textTable } from './text-table.js';
import { messageOf } from '../../domain/error-of.js';

export interface SourcesCommandIo {
  readonly dbPath: string;
  readonly stdout: (line: string) => void;
  readonly stderr: (line: string) => void;
  readonly registry?: SourceRegistry;
  readonly resolve?: ParserResolver;
}

export function runSources(args: readonly string[], io: SourcesCommandIo): number {
  if (args.length > 0) {
    io.stderr('usage: kohyo sources');
    return 2;
  }
  const registry = io.registry ?? sourceRegistry();
  const resolve = io.resolve ?? resolveParser;
  const runs = readRuns(io.dbPath, io.stderr);
  const rows = registry.sources.map((s) => {
    const run = runs.get(s.id);
    return [
      s.id,
      s.publisher,
      s.record_kind,
      addressSummary(s),
      parserCell(s, resolve),
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

/**
 * The parser's id, or why the source cannot be collected: none is written, or the one named is not in this build;
 * `(unproven)` after a table reader whose mapping no real list of the source has tried yet.
 */
function parserCell(s: SourceEntry, resolve: ParserResolver): string {
  if (s.parser === NOT_WRITTEN) return '(not written)';
  if (resolve(s) === null) return `${s.parser} (not available)`;
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
