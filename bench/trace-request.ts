// How much of the project a new client's question runs: the files and functions of src/ that V8's precise coverage
// sees called while the production service (startService, as npm start runs it) answers it over HTTP, as
// ../shared/tools/request-trace/run.sh counts them: the answer cache off, three other clients' company= questions
// first, then the new client's.
//
//   npm run bench:trace -- [--path '/api/v1/enforcements?company=東海運輸'] [--warm N] [--list]
//
// The demo dataset is built in a temporary folder (test/helpers/request-trace.ts counts). --warm N asks the request N
// times by the same client instead (the warm repeated request). --list prints every function that ran, by file.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { buildDemoDatabase } from '../demo/build-demo.js';
import { OTHER_CLIENTS_FIRST, traceRequest } from '../test/helpers/request-trace.js';
import { RAISED_LIMITS_ENV } from './fair-share-catalogue.js';

const { values } = parseArgs({
  options: {
    path: { type: 'string', default: '/api/v1/enforcements?company=東海運輸' },
    warm: { type: 'string' },
    list: { type: 'boolean', default: false },
  },
});
const folder = mkdtempSync(join(tmpdir(), 'kohyo-trace-'));
const dbPath = join(folder, 'demo.sqlite');
buildDemoDatabase(dbPath, { now: new Date() });
// the limits of the production benchmark: the warm requests and the traced one are answered, none refused
const warming = values.warm === undefined ? OTHER_CLIENTS_FIRST : Number(values.warm);
// no answer cache, so that the question is answered, not remembered; the limits at their defaults, as the tool has
// them, but for a request repeated by one client (the production benchmark's, so that none is refused)
const { status, ran } = await traceRequest(dbPath, values.path, warming, {
  ...(typeof warming === 'number' ? RAISED_LIMITS_ENV : {}),
  KOHYO_ANSWER_CACHE_ENTRIES: '0',
});
rmSync(folder, { recursive: true, force: true });

const functions = [...ran.values()].reduce((sum, names) => sum + names.length, 0);
console.log(
  `GET ${values.path} (status ${status}, ${typeof warming === 'number' ? `warm after ${warming}` : 'a new client after three others'})`,
);
console.log(`project files: ${ran.size}, functions: ${functions}`);
if (values.list)
  for (const [file, names] of [...ran].sort(([a], [b]) => a.localeCompare(b)))
    console.log(`${names.length.toString().padStart(4)}  ${file}: ${names.join(', ')}`);
