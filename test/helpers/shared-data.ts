// Where the real government data the tests read is: test/fixtures/government/, in the repository, so that a clone
// needs nothing beside it (its README gives each file's provenance and terms).
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

const GOVERNMENT_DATA = fileURLToPath(new URL('../fixtures/government/', import.meta.url));

/** The path of a file of test/fixtures/government, e.g. sharedData('nta/diff_20260127.sjis.csv'). */
export function sharedData(relative: string): string {
  return join(GOVERNMENT_DATA, relative);
}
