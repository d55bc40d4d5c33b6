// How much of the project one warm request runs: the files and functions of src/ that V8's precise coverage sees
// called while the production service (startService, as npm start runs it) answers one request over HTTP.
//
//   npm run bench:trace -- [--path '/api/v1/enforcements?company=東海運輸'] [--warm 50] [--list]
//
// The demo dataset is built in a temporary folder; the request is asked --warm times first (compiled schemas, memos,
// prepared statements), then once more with coverage counting (test/helpers/request-trace.ts). --list prints every
// function the request ran, by file.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { buildDemoDatabase } from '../demo/build-demo.js';
import { traceRequest } from '../test/helpers/request-trace.js';
import { RAISED_LIMITS_ENV } from './fair-share-catalogue.js';

const { values } = parseArgs({
  options: {
    path: { type: 'string', default: '/api/v1/enforcements?company=東海運輸' },
    warm: { type: 'string', default: '50' },
    list: { type: 'boolean', default: false },
  },
});
const folder = mkdtempSync(join(tmpdir(), 'kohyo-trace-'));
const dbPath = join(folder, 'demo.sqlite');
buildDemoDatabase(dbPath, { now: new Date() });
// the limits of the production benchmark: the warm requests and the traced one are answered, none refused
const { status, ran } = await traceRequest(dbPath, values.path, Number(values.warm), RAISED_LIMITS_ENV);
rmSync(folder, { recursive: true, force: true });

const functions = [...ran.values()].reduce((sum, names) => sum + names.length, 0);
console.log(`GET ${values.path} (status ${status}, warm after ${values.warm})`);
console.log(`project files: ${ran.size}, functions: ${functions}`);
if (values.list)
  for (const [file, names] of [...ran].sort(([a], [b]) => a.localeCompare(b)))
    console.log(`${names.length.toString().padStart(4)}  ${file}: ${names.join(', ')}`);
