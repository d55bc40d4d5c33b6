// The endpoint tests' dataset: the committed files of test/fixtures/endpoints/ (see its README) through the real
// `import nta` and `import records` commands, at TEST_NOW, so that each test can state its answers from the files.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runImportNta } from '../../src/ingest/nta/nta-command.js';
import { runImportRecords } from '../../src/ingest/records/records-command.js';
import { TEST_NOW } from './server.js';

const FIXTURES = fileURLToPath(new URL('../fixtures/endpoints/', import.meta.url));

let built: Promise<string> | undefined;

/** One fixture database per test process. */
export function fixtureDatabase(): Promise<string> {
  built ??= build();
  return built;
}

async function build(): Promise<string> {
  const dbPath = join(mkdtempSync(join(tmpdir(), 'kohyo-fixture-')), 'fixture.sqlite');
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
  return dbPath;
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
