// `kohyo collect [SOURCE_ID...] [--file PATH]... [--files DIR] [--force] [--accept-held-back]`: runs the registry's
// collectors and publishes the result.
import { parseArgs as parseCommandArgs } from 'node:util';
import type { SourceEntry } from '../registry/source-entry.js';
import { registryOrSentence, type SourceRegistry } from '../registry/source-registry.js';
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
import { unknownSourceMessage } from './nearest-ids.js';
import { collectorFetcher, type Fetcher } from './fetcher.js';
import { budgetedResolver } from './parse-thread.js';
import { DEFAULT_PARSE_BUDGET, type ParseBudget } from '../parsers/parse-budget.js';
import type { ParserResolver } from '../parsers/source-parser.js';
import { messageOf } from '../../lib/error-of.js';
import { shellWord } from '../../domain/text/shell-word.js';
import { DEFAULT_DELISTED_RETENTION_DAYS } from '../../domain/records/listing.js';

const COLLECT_USAGE =
  'usage: kohyo collect [SOURCE_ID...] [--file PATH]... [--files DIR] [--force] [--accept-held-back]';

export interface CollectCommandIo {
  readonly dbPath: string;
  readonly now: () => Date;
  readonly stdout: (line: string) => void;
  readonly stderr: (line: string) => void;
  /** KOHYO_COLLECT_CONTACT. */
  readonly contact: string | null;
  /** KOHYO_FETCH_ALLOW_HOSTS: the hosts reached whatever their addresses (none when not given). */
  readonly fetchAllowHosts?: readonly string[];
  /** KOHYO_DELISTED_RETENTION_DAYS (the default when not given). */
  readonly delistedRetentionDays?: number;
  /** KOHYO_PARSE_*: the bounds each file is parsed under, on a thread of its own (DEFAULT_PARSE_BUDGET when not given). */
  readonly parseBudget?: ParseBudget;
  /** KOHYO_SOURCES_DIR (or its default): the operator's source files, read with the repository's sources. */
  readonly sourcesDir?: string;
  /** Seams for tests; the registry of the repository and `sourcesDir`, the parsers and a real fetcher otherwise. */
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
  /** --accept-held-back: the named sources' lists are merged even where their size would hold them back. */
  readonly acceptHeldBack: boolean;
}

/** Exit code 0 when every source succeeded or was unchanged, 1 when any failed or was held back, 2 on a usage error. */
export async function runCollect(args: readonly string[], io: CollectCommandIo): Promise<number> {
  const parsed = parseArgs(args);
  if (typeof parsed === 'string') {
    io.stderr(`kohyo collect: ${parsed}\n${COLLECT_USAGE}`);
    return 2;
  }
  const registry = io.registry ?? (await registryOrSentence(io.stderr, 'kohyo collect', io.sourcesDir));
  if (registry === null) return 1;
  const resolve = io.resolve ?? budgetedResolver(io.parseBudget ?? DEFAULT_PARSE_BUDGET);
  const plan = planRun(parsed, registry, resolve, io);
  if (typeof plan === 'number') return plan;
  const { sources: chosen, localFiles } = plan;
  const offline = localFiles !== undefined;
  if (io.contact === null && !offline) {
    io.stderr(
      'kohyo collect: KOHYO_COLLECT_CONTACT is not set: publishers cannot tell whom to write to about our requests',
    );
  }
  const fetcher = io.fetcher ?? collectorFetcher({ contact: io.contact, allowHosts: io.fetchAllowHosts ?? [] });
  const sources = chosen;
  let done = 0;
  try {
    return await runWriter(
      'collect',
      io,
      async () => {
        const summary = await runCollection({
          dbPath: io.dbPath,
          sources,
          registered: registry.sources,
          retired: (registry.taken ?? []).filter((t) => t.how === 'address').map((t) => t.id),
          resolve,
          fetcher,
          clock: io.now,
          localFiles,
          force: parsed.force,
          acceptHeldBack: parsed.acceptHeldBack,
          parseBudget: io.parseBudget,
          delistedRetentionDays: io.delistedRetentionDays,
          onProgress: (event) => {
            if (event.kind === 'source_done')
              io.stdout(progressLine(++done, sources.length, event.source.id, event.result));
            if (event.kind === 'publishing') io.stdout(`publishing ${io.dbPath} ...`);
            if (event.kind === 'checking')
              io.stdout(
                event.check === 'full' ? 'checking the new dataset ...' : 'checking what the collection changed ...',
              );
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
        const held = summary.results.filter((r) => r.result.held_back).map((r) => r.source.id);
        if (held.length > 0)
          io.stderr(
            `a list held back is merged by \`kohyo collect ${held.join(' ')} --accept-held-back\`, once you have checked it`,
          );
        return failed.length > 0 ? 1 : 0;
      },
      insteadOfDemo(args, io.sourcesDir),
    );
  } catch (error) {
    io.stderr(`kohyo collect: the collection failed and nothing was published: ${messageOf(error)}`);
    return 1;
  } finally {
    if (io.fetcher === undefined) await fetcher.close();
  }
}

/**
 * What to run instead of a collection the demo dataset refused: the same command into a production dataset of its own,
 * then the server over that file (the source files are read wherever KOHYO_DB points: KOHYO_SOURCES_DIR names them).
 */
function insteadOfDemo(args: readonly string[], sourcesDir: string | undefined): (path: string) => string {
  return (path) => {
    const db = `KOHYO_DB=${shellWord(path)}`;
    const files = sourcesDir === undefined ? '' : `, with the source files of ${sourcesDir} (KOHYO_SOURCES_DIR)`;
    return [
      `kohyo collect: to collect into a production dataset instead, a new file${files}:`,
      `  ${db} npx kohyo collect ${args.map(shellWord).join(' ')}`.trimEnd(),
      'and serve that file, which the server reads again after each collection, with no restart:',
      `  ${db} npm start`,
    ].join('\n');
  };
}

/** The sources to run and their local copies, or the exit code when there is nothing to run (and why is printed). */
function planRun(
  parsed: CollectArgs,
  registry: SourceRegistry,
  resolve: ParserResolver,
  io: Pick<CollectCommandIo, 'stdout' | 'stderr'>,
): { sources: SourceEntry[]; localFiles: ReadonlyMap<string, readonly string[]> | undefined } | number {
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
  return { sources: chosen, localFiles };
}

const COLLECT_OPTIONS = {
  file: { type: 'string', multiple: true },
  files: { type: 'string', multiple: true },
  force: { type: 'boolean' },
  'accept-held-back': { type: 'boolean' },
} as const;

function parseArgs(args: readonly string[]): CollectArgs | string {
  // not strict, so that a missing value or an unknown option is told in this command's words (from the tokens)
  const parsed = parseCommandArgs({
    args: [...args],
    allowPositionals: true,
    strict: false,
    tokens: true,
    options: COLLECT_OPTIONS,
  });
  for (const token of parsed.tokens) {
    if (token.kind !== 'option') continue;
    if (!Object.hasOwn(COLLECT_OPTIONS, token.name)) return `unknown option ${token.rawName}`;
    const flag = token.name === 'force' || token.name === 'accept-held-back';
    if (flag && token.value !== undefined) return `${token.rawName} takes no value`;
    if (!flag && (token.value === undefined || token.value === '' || token.value.startsWith('--')))
      return `${token.rawName} needs a ${token.name === 'file' ? 'PATH' : 'DIR'}`;
  }
  const files = stringsOf(parsed.values.file);
  const dirs = stringsOf(parsed.values.files);
  const force = parsed.values.force === true;
  const acceptHeldBack = parsed.values['accept-held-back'] === true;
  const ids = parsed.positionals;
  if (dirs.length > 1) return '--files is given once';
  const [dir = null] = dirs;
  if (dir !== null && (ids.length > 0 || files.length > 0))
    return '--files DIR collects every source named in DIR: give no SOURCE_ID and no --file with it';
  if (files.length > 0 && ids.length !== 1) return '--file is the local copy of one source: name exactly one SOURCE_ID';
  if (acceptHeldBack && ids.length === 0)
    return '--accept-held-back merges the lists of the sources named: name each SOURCE_ID you have checked';
  return { ids: [...new Set(ids)], files, dir, force, acceptHeldBack };
}

function stringsOf(values: readonly (string | boolean)[] | string | boolean | undefined): string[] {
  return (Array.isArray(values) ? values : values === undefined ? [] : [values]).filter((v) => typeof v === 'string');
}

/** The named sources (each must exist and have a parser), or every source with a parser. */
function chooseSources(args: CollectArgs, registry: SourceRegistry, resolve: ParserResolver): SourceEntry[] | string {
  if (args.ids.length === 0) return registry.sources.filter((s) => resolve(s) !== null);
  const chosen: SourceEntry[] = [];
  for (const id of args.ids) {
    const source = registry.get(id);
    if (source === undefined)
      return unknownSourceMessage(
        id,
        registry.sources.map((s) => s.id),
      );
    if (resolve(source) === null)
      return `source '${id}' has no parser yet (parser '${source.parser}'): it cannot be collected`;
    chosen.push(source);
  }
  return chosen;
}
