// The one-company tests' dataset of namesakes: the committed files of test/fixtures/namesakes/ (see its README) through
// the real `import nta` and `import records` commands, at TEST_NOW.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runImportNta } from '../../src/ingest/nta/nta-command.js';
import { runImportRecords } from '../../src/ingest/records/records-command.js';
import { importIo } from './fixture-dataset.js';
import { fileOfRun } from './run-cache.js';

const FIXTURES = fileURLToPath(new URL('../fixtures/namesakes/', import.meta.url));

let built: Promise<string> | undefined;

/** The namesakes' database, imported once per test run; the tests read it or copy it. */
export function namesakeDatabase(): Promise<string> {
  built ??= fileOfRun('namesakes.sqlite', async (dbPath) => {
    const said: string[] = [];
    const io = importIo(dbPath, said);
    // companies first, so that the record counts the records import refreshes land on them
    const nta = await runImportNta([join(FIXTURES, 'companies.csv')], io);
    const records = await runImportRecords([join(FIXTURES, 'records.jsonl')], io);
    if (nta !== 0 || records !== 0 || said.length > 0)
      throw new Error(`the namesake fixtures did not import cleanly:\n${said.join('\n')}`);
  });
  return built;
}
