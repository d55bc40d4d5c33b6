// `kohyo build-demo [--force]`: writes the fictional demo dataset to KOHYO_DB.
import { existsSync } from 'node:fs';
import { readCommandArgs } from '../src/command-args.js';
import { runWriter } from '../src/ingest/writer-command.js';
import { buildDemoDatabase } from './build-demo.js';

export interface BuildDemoIo {
  readonly dbPath: string;
  readonly now: () => Date;
  readonly stdout: (line: string) => void;
  readonly stderr: (line: string) => void;
}

/**
 * Returns the exit code: 0 when built, 1 when the file exists and --force was not given, holds a production
 * dataset (never replaced, not even with --force: move it away first), or another process writes it; 2 on a
 * usage error. The lock is taken even for a new file, which a running collection may be creating.
 */
export async function runBuildDemo(args: readonly string[], io: BuildDemoIo): Promise<number> {
  const parsed = readCommandArgs(args, { options: { force: { type: 'boolean', default: false } } });
  if (typeof parsed === 'string') {
    io.stderr(`kohyo: build-demo takes only --force: ${parsed}`);
    return 2;
  }
  return runWriter('build-demo', io, async (start) => {
    // the kind is read under the lock (withDraft), not here: reading a file in WAL mode leaves sidecars beside it
    if (existsSync(io.dbPath) && !parsed.values.force) {
      io.stderr(
        `kohyo: ${io.dbPath} exists; give --force to replace it with the demo dataset (a production dataset is never replaced)`,
      );
      return 1;
    }
    const summary = buildDemoDatabase(io.dbPath, { now: io.now(), onStart: start.onStart });
    io.stdout(
      `built the demo dataset (fictional) at ${summary.path}: ${summary.companies} companies, ${summary.records} records, ` +
        `${summary.sources} sources, as of ${summary.as_of}`,
    );
    return 0;
  });
}
