// Where the real government data of ../shared/data is: beside the repository (as CI lays it out), else the
// workplace's own copy.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

const BESIDE_REPO = fileURLToPath(new URL('../../../shared/data/', import.meta.url));
const WORKPLACE = '/work/shared/data/';

/** The path of a file under shared/data, e.g. sharedData('nta/diff_20260127.sjis.csv'). */
export function sharedData(relative: string): string {
  const root = existsSync(BESIDE_REPO) ? BESIDE_REPO : WORKPLACE;
  return join(root, relative);
}
