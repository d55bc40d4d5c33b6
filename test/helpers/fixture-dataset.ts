// The endpoint tests' dataset: the committed files of test/fixtures/endpoints/ (see its README) through the real
// `import nta` and `import records` commands, at TEST_NOW, so that each test can state its answers from the files.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runImportNta } from '../../src/ingest/nta/nta-command.js';
import { runImportRecords } from '../../src/ingest/records/records-command.js';
import { fileOfRun } from './run-cache.js';
import { TEST_NOW } from './server.js';

const FIXTURES = fileURLToPath(new URL('../fixtures/endpoints/', import.meta.url));

let built: Promise<string> | undefined;

/** The fixture database, imported once per test run (test/helpers/run-cache.ts); the tests read it or copy it. */
export function fixtureDatabase(): Promise<string> {
  built ??= fileOfRun('fixture.sqlite', build);
  return built;
}

async function build(dbPath: string): Promise<void> {
  const said: string[] = [];
  const io = importIo(dbPath, said);
  // companies first, so that the record counts the records import refreshes land on them
  const nta = await runImportNta([join(FIXTURES, 'companies.csv')], io);
  const records = await runImportRecords(
    [join(FIXTURES, 'records.jsonl'), join(FIXTURES, 'many-suspensions.jsonl')],
    io,
  );
  // a fixture the importers reject or warn about would leave the tests asking about rows that are not there
  if (nta !== 0 || records !== 0 || said.length > 0)
    throw new Error(`the endpoint fixtures did not import cleanly:\n${said.join('\n')}`);
}

/** What the import commands write to, for a test: the file, TEST_NOW, stdout dropped and stderr kept in `said`. */
export function importIo(dbPath: string, said: string[]) {
  return {
    dbPath,
    now: () => TEST_NOW,
    stdout: () => {},
    stderr: (line: string) => void said.push(line),
    progress: { isTTY: false, write: () => {} },
  };
}
