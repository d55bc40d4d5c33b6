// The command line: `npm run kohyo -- <command>`. Each command lives with its importer; this file only dispatches.
// A command's module is imported when the command runs: together they are most of the service (the HTTP app and the
// MCP SDK among them), and a process that imported them all spent seconds of CPU on modules its command never used.
import { loadConfig } from './config.js';
import { ConfigError } from './config-readers.js';
import { clearDeadDrafts } from './store/write/draft.js';
import { terminalSafe } from './domain/text/untrusted-text.js';

const USAGE = `usage: kohyo <command>   (npx kohyo … in a checkout, npm run kohyo -- … alike)

commands:
  import nta FILE...       import the National Tax Agency corporate-number CSV (full or daily-change file,
                           Shift_JIS or Unicode edition, .csv or .zip) into KOHYO_DB
  import records FILE...   import records in the record JSON Lines format; a file with any bad line changes nothing
  build-demo [--force]     build the fictional demo dataset into KOHYO_DB (--force replaces a demo, never a
                           production dataset)
  collect [SOURCE_ID...] [--file PATH]... [--files DIR] [--force] [--accept-held-back]
                           run the collectors of the source registry (every source with a parser when no id is
                           given) and publish the result; --file parses local copies of one source instead of
                           fetching it (give it once per file); --files DIR reads every file or folder in DIR
                           named after a source (<source-id>.<ext> or <source-id>/...); --force re-reads lists
                           even when the publisher says they are unchanged; --accept-held-back merges the named
                           sources' lists even where they shrank or grew too far to be merged unasked
  publish-dataset --to DEST
                           publish the dataset at KOHYO_DB for replicas to follow (KOHYO_DATASET_URL): an
                           immutable versioned file, then manifest.json, in DEST (a directory, file:///dir or
                           s3://bucket/prefix); publishing an unchanged dataset again does nothing
  sources                  the source registry: each source's address kind, format, parser and last collection;
                           the repository's sources and the operator's source files of KOHYO_SOURCES_DIR
  sources try SOURCE (--file F | --url U)
                           a dry run of a source on a list, writing nothing: the records it would give, the
                           column each field came from, the rows it would skip and why, the edition date and
                           how it was read, the links it would make
  sources propose (--file F | --url U) [--kind KIND] [--fixed FIELD=CODE]... [--column FIELD=HEADER]...
          [--id ID --publisher CODE --title TITLE [--write]]
                           a table no source reads yet (CSV, Excel, an HTML table) mapped from its header words:
                           the source file proposed, what the kind still needs and which option gives it, the
                           rows it would give and skip; --write writes the file into KOHYO_SOURCES_DIR, where
                           every command reads it, with no build
  usage report [--since 24h]
                           the usage log: requests by endpoint, status and code, top clients, 429s by code
  usage purge --older-than 90d
                           remove usage log entries older than that
  mcp                      the MCP server (tools over the API, the LLM guide as a resource) on standard input and
                           output, for a local agent; run it as \`npm run --silent kohyo -- mcp\` so that npm prints
                           nothing on standard output
  help                     this text

KOHYO_DB holds either the demo or a production dataset, never both: imports and collections refuse a demo file.
settings are read from the environment (KOHYO_DB, default data/kohyo.sqlite); see docs/operating.md and docs/data-sources.md`;

export interface CliIo {
  readonly stdout: (line: string) => void;
  readonly stderr: (line: string) => void;
  readonly now: () => Date;
  readonly env: Readonly<Record<string, string | undefined>>;
}

export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  const [command, sub, ...rest] = argv;
  // every command prints through one terminal-safe printer: text of a file, a client or a dataset can hold controls
  const stdout = (line: string) => io.stdout(terminalSafe(line));
  const stderr = (line: string) => io.stderr(terminalSafe(line));
  let config;
  try {
    config = loadConfig(io.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      stderr(`kohyo: ${error.message}`);
      return 2;
    }
    throw error;
  }
  for (const path of clearDeadDrafts(config.dbPath)) stderr(`kohyo: removed the draft a stopped writer left: ${path}`);
  const context = { dbPath: config.dbPath, now: io.now, stdout, stderr };
  // the operator's source files (KOHYO_SOURCES_DIR), for the commands that read the source registry
  const sources = async () =>
    (await import('./ingest/registry/source-files.js')).sourcesFolder(config.sourcesDir, config.dbPath);
  const args = sub === undefined ? [] : [sub, ...rest];
  switch (command) {
    case 'import':
      if (sub === 'nta') return (await import('./ingest/nta/nta-command.js')).runImportNta(rest, context);
      if (sub === 'records')
        return (await import('./ingest/records/records-command.js')).runImportRecords(rest, context);
      stderr(`kohyo: import what? "nta" or "records", got ${sub === undefined ? 'nothing' : `"${sub}"`}\n\n${USAGE}`);
      return 2;
    case 'build-demo':
      return (await import('../demo/build-demo-command.js')).runBuildDemo(args, context);
    case 'collect': {
      const { runCollect } = await import('./ingest/collect/collect-command.js');
      const { collectContact: contact, fetchAllowHosts, delistedRetentionDays, parse: parseBudget } = config;
      const sourcesDir = await sources();
      return runCollect(args, { ...context, contact, fetchAllowHosts, delistedRetentionDays, parseBudget, sourcesDir });
    }
    case 'sources': {
      const { runSources } = await import('./ingest/collect/sources-command.js');
      const { collectContact: contact, fetchAllowHosts, parse: parseBudget } = config;
      return runSources(args, { ...context, contact, fetchAllowHosts, parseBudget, sourcesDir: await sources() });
    }
    case 'publish-dataset': {
      const { runPublishDataset } = await import('./replica/publish-command.js');
      return runPublishDataset(args, { ...context, s3Endpoint: config.s3Endpoint });
    }
    case 'mcp':
      return (await import('./mcp-stdio.js')).runMcpStdio(config);
    case 'usage': {
      const { runUsage } = await import('./usage/usage-command.js');
      const { usageDbPath } = await import('./usage/store/usage-store.js');
      return runUsage(args, { ...context, usageDbPath: usageDbPath(config) });
    }
    case undefined:
    case 'help':
    case '--help':
    case '-h':
      stdout(USAGE);
      return command === undefined ? 2 : 0;
    default:
      stderr(`kohyo: unknown command "${command}"\n\n${USAGE}`);
      return 2;
  }
}

/** Runs the command line of this process (its arguments, standard streams and environment) and exits with its code. */
export function runCliProcess(): void {
  runCli(process.argv.slice(2), {
    stdout: (line) => process.stdout.write(`${line}\n`),
    stderr: (line) => process.stderr.write(`${line}\n`),
    now: () => new Date(),
    env: process.env,
  }).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}

// run as a script (`node dist/src/cli.js`, `node --import tsx src/cli.ts`); scripts/kohyo.mjs calls runCliProcess itself
const isMain = process.argv[1] !== undefined && import.meta.url.endsWith(process.argv[1].replace(/\\/gu, '/'));
if (isMain) runCliProcess();
