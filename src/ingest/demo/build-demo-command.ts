// `kohyo build-demo [--force]`: writes the fictional demo dataset to KOHYO_DB.
import { existsSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { buildDemoDatabase } from './build-demo.js';

export interface BuildDemoIo {
  readonly dbPath: string;
  readonly now: () => Date;
  readonly stdout: (line: string) => void;
  readonly stderr: (line: string) => void;
}

/** Returns the exit code: 0 when built, 1 when the file exists and --force was not given, 2 on a usage error. */
export async function runBuildDemo(args: readonly string[], io: BuildDemoIo): Promise<number> {
  const unknown = args.filter((a) => a !== '--force');
  if (unknown.length > 0) {
    io.stderr(`kohyo: build-demo takes only --force, got ${unknown.join(' ')}`);
    return 2;
  }
  if (existsSync(io.dbPath) && !args.includes('--force')) {
    io.stderr(`kohyo: ${io.dbPath} exists; give --force to replace it with the demo dataset`);
    return 1;
  }
  mkdirSync(dirname(io.dbPath), { recursive: true });
  const summary = buildDemoDatabase(io.dbPath, { now: io.now() });
  io.stdout(
    `built the demo dataset (fictional) at ${summary.path}: ${summary.companies} companies, ${summary.records} records, ` +
      `${summary.sources} sources, as of ${summary.as_of}`,
  );
  return 0;
}
