// `kohyo build-demo [--force]`: writes the fictional demo dataset to KOHYO_DB.
import { existsSync } from 'node:fs';
import { runUnderLock } from '../collect/collection-lock.js';
import { buildDemoDatabase } from './build-demo.js';

export interface BuildDemoIo {
  readonly dbPath: string;
  readonly now: () => Date;
  readonly stdout: (line: string) => void;
  readonly stderr: (line: string) => void;
}

/**
 * Returns the exit code: 0 when built, 1 when the file exists and --force was not given or another process
 * writes it, 2 on a usage error. The lock is taken even for a new file, which a running collection may be creating.
 */
export async function runBuildDemo(args: readonly string[], io: BuildDemoIo): Promise<number> {
  const unknown = args.filter((a) => a !== '--force');
  if (unknown.length > 0) {
    io.stderr(`kohyo: build-demo takes only --force, got ${unknown.join(' ')}`);
    return 2;
  }
  return runUnderLock('build-demo', io, async () => {
    if (existsSync(io.dbPath) && !args.includes('--force')) {
      io.stderr(`kohyo: ${io.dbPath} exists; give --force to replace it with the demo dataset`);
      return 1;
    }
    const summary = buildDemoDatabase(io.dbPath, { now: io.now() });
    io.stdout(
      `built the demo dataset (fictional) at ${summary.path}: ${summary.companies} companies, ${summary.records} records, ` +
        `${summary.sources} sources, as of ${summary.as_of}`,
    );
    return 0;
  });
}
