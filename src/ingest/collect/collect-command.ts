// `kohyo collect [SOURCE_ID...] [--file PATH]... [--files DIR] [--force]`: runs the registry's collectors and publishes the result.
import { setTimeout as sleep } from 'node:timers/promises';
import type { SourceEntry } from '../registry/source-entry.js';
import { sourceRegistry, type SourceRegistry } from '../registry/source-registry.js';
import { runWriter } from '../writer-command.js';
import { runCollection } from './collection.js';
import {
  ignoredLines,
  linkedShareLine,
  progressLine,
  retentionLines,
  runDetails,
  summaryTable,
} from './collect-report.js';
import { findLocalCopies } from './local-copies.js';
import { createFetcher, type Fetcher } from './fetcher.js';
import { budgetedResolver } from './parse-thread.js';
import { DEFAULT_PARSE_BUDGET, type ParseBudget } from '../parsers/parse-budget.js';
import type { ParserResolver } from '../parsers/source-parser.js';
import { collectorUserAgent } from './user-agent.js';
import { messageOf } from '../../domain/error-of.js';
import { DEFAULT_DELISTED_RETENTION_DAYS } from '../../domain/listing.js';

export const COLLECT_USAGE = 'usage: kohyo collect [SOURCE_ID...] [--file PATH]... [--files DIR] [--force]';

export interface CollectCommandIo {
  readonly dbPath: string;
  readonly now: () => Date;
  readonly stdout: (line: string) => void;
  readonly stderr: (line: string) => void;
  /** KOHYO_COLLECT_CONTACT. */
  readonly contact: string | null;
  /** KOHYO_DELISTED_RETENTION_DAYS (the default when not given). */
  readonly delistedRetentionDays?: number;
  /** KOHYO_PARSE_*: the bounds each file is parsed under, on a thread of its own (DEFAULT_PARSE_BUDGET when not given). */
  readonly parseBudget?: ParseBudget;
  /** Seams for tests; the repository's registry, parsers and a real fetcher otherwise. */
  readonly registry?: SourceRegistry;
  readonly resolve?: ParserResolver;
  readonly fetcher?: Fetcher;
}

interface CollectArgs {
  readonly ids: readonly string[];
  /** --file, repeatable: the local copies of the one source named, read together as its list. */
  readonly files: readonly string[];
  /** --files DIR: a folder of local copies, each named after its source. */
  readonly dir: string | null;
  readonly force: boolean;
}

/** Exit code 0 when every source succeeded or was unchanged, 1 when any failed or was held back, 2 on a usage error. */
export async function runCollect(args: readonly string[], io: CollectCommandIo): Promise<number> {
  const parsed = parseArgs(args);
  if (typeof parsed === 'string') {
    io.stderr(`kohyo collect: ${parsed}\n${COLLECT_USAGE}`);
    return 2;
  }
  const registry = io.registry ?? sourceRegistry();
  const resolve = io.resolve ?? budgetedResolver(io.parseBudget ?? DEFAULT_PARSE_BUDGET);
  let localFiles: ReadonlyMap<string, readonly string[]> | undefined;
  let chosen: SourceEntry[] | string;
  if (parsed.dir !== null) {
    let copies;
    try {
      copies = findLocalCopies(parsed.dir, registry, resolve);
    } catch (error) {
      io.stderr(`kohyo collect: cannot read ${parsed.dir}: ${messageOf(error)}`);
      return 2;
    }
    for (const line of ignoredLines(copies.ignored)) io.stderr(line);
    localFiles = copies.bySource;
    chosen = registry.sources.filter((s) => copies.bySource.has(s.id));
    if (chosen.length === 0) {
      io.stderr(
        `kohyo collect: no file in ${parsed.dir} is named after a source with a parser (<source-id>.<ext> or <source-id>/...): nothing collected`,
      );
      return 1;
    }
  } else {
    chosen = chooseSources(parsed, registry, resolve);
    // --file goes with exactly one source (parseArgs checks it), whose local copy it is
    const [source] = typeof chosen === 'string' ? [] : chosen;
    if (parsed.files.length > 0 && source !== undefined) localFiles = new Map([[source.id, parsed.files]]);
  }
  if (typeof chosen === 'string') {
    io.stderr(`kohyo collect: ${chosen}`);
    return 2;
  }
  if (chosen.length === 0) {
    io.stdout('no source of the registry has a parser yet: nothing to collect');
    return 0;
  }
  const offline = localFiles !== undefined;
  if (io.contact === null && !offline) {
    io.stderr(
      'kohyo collect: KOHYO_COLLECT_CONTACT is not set: publishers cannot tell whom to write to about our requests',
    );
  }
  const fetcher = io.fetcher ?? createFetcher({ userAgent: collectorUserAgent(io.contact), sleep: (ms) => sleep(ms) });
  const sources = chosen;
  let done = 0;
  try {
    return await runWriter('collect', io, async () => {
      const summary = await runCollection({
        dbPath: io.dbPath,
        sources,
        registered: registry.sources,
        resolve,
        fetcher,
        clock: io.now,
        localFiles,
        force: parsed.force,
        delistedRetentionDays: io.delistedRetentionDays,
        onProgress: (event) => {
          if (event.kind === 'source_done')
            io.stdout(progressLine(++done, sources.length, event.source.id, event.result));
          if (event.kind === 'publishing') io.stdout(`publishing ${io.dbPath} ...`);
        },
      });
      for (const path of summary.removed_drafts) io.stdout(`removed the draft of an interrupted collection: ${path}`);
      if (summary.recovered_stale_lock) io.stdout('took over the lock of an interrupted collection');
      io.stdout('');
      for (const line of summaryTable(summary.results)) io.stdout(line);
      for (const line of runDetails(summary.results)) io.stdout(line);
      const retention = io.delistedRetentionDays ?? DEFAULT_DELISTED_RETENTION_DAYS;
      for (const line of retentionLines(summary.results, retention)) io.stdout(line);
      io.stdout(linkedShareLine(summary.results));
      io.stdout(`\npublished ${io.dbPath} in ${(summary.ms / 1000).toFixed(1)} s`);
      const failed = summary.results.filter((r) => r.result.run.outcome === 'failure');
      if (failed.length > 0)
        io.stderr(
          `${failed.length} of ${summary.results.length} source(s) failed or were held back; their previous records are kept`,
        );
      return failed.length > 0 ? 1 : 0;
    });
  } catch (error) {
    io.stderr(`kohyo collect: the collection failed and nothing was published: ${messageOf(error)}`);
    return 1;
  } finally {
    if (io.fetcher === undefined) await fetcher.close();
  }
}

function parseArgs(args: readonly string[]): CollectArgs | string {
  const ids: string[] = [];
  const files: string[] = [];
  let dir: string | null = null;
  let force = false;
  const queue = [...args];
  for (let arg = queue.shift(); arg !== undefined; arg = queue.shift()) {
    const [flag = '', inline] = arg.startsWith('--') ? arg.split('=', 2) : [arg];
    if (flag === '--file' || flag === '--files') {
      const path = inline ?? queue.shift();
      if (path === undefined || path === '' || path.startsWith('--'))
        return `${flag} needs a ${flag === '--file' ? 'PATH' : 'DIR'}`;
      if (flag === '--file') files.push(path);
      else if (dir !== null) return '--files is given once';
      else dir = path;
    } else if (arg === '--force') {
      force = true;
    } else if (arg.startsWith('-')) {
      return `unknown option ${arg}`;
    } else {
      ids.push(arg);
    }
  }
  if (dir !== null && (ids.length > 0 || files.length > 0))
    return '--files DIR collects every source named in DIR: give no SOURCE_ID and no --file with it';
  if (files.length > 0 && ids.length !== 1) return '--file is the local copy of one source: name exactly one SOURCE_ID';
  return { ids: [...new Set(ids)], files, dir, force };
}

/** The named sources (each must exist and have a parser), or every source with a parser. */
function chooseSources(args: CollectArgs, registry: SourceRegistry, resolve: ParserResolver): SourceEntry[] | string {
  if (args.ids.length === 0) return registry.sources.filter((s) => resolve(s) !== null);
  const chosen: SourceEntry[] = [];
  for (const id of args.ids) {
    const source = registry.get(id);
    if (source === undefined) return `no source '${id}' in the registry (see \`kohyo sources\`)`;
    if (resolve(source) === null)
      return `source '${id}' has no parser yet (parser '${source.parser}'): it cannot be collected`;
    chosen.push(source);
  }
  return chosen;
}
