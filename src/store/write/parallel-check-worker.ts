// The second thread of parallel-check.ts: opens the file read-only and checks the parts it takes, then answers.
import { parentPort, workerData } from 'node:worker_threads';
import { messageOf } from '../../lib/error-of.js';
import { readFile } from '../schema/database.js';
import { checkTakenParts, isCheckRequest, type CheckAnswer } from './parallel-check.js';

const port = parentPort;
const request: unknown = workerData;
if (port === null || !isCheckRequest(request))
  throw new Error(
    'parallel-check-worker.ts runs as the thread parallel-check.ts starts, with its request as workerData',
  );
let answer: CheckAnswer;
try {
  answer = { problems: readFile(request.path, (db) => checkTakenParts(db, request)) };
} catch (error) {
  answer = { failed: messageOf(error) };
}
port.postMessage(answer);
