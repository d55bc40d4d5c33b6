// Reads and parses an NTA file on a worker thread while the caller writes: the two halves of an import run on two cores.
import type { Worker } from 'node:worker_threads';
import { startModuleWorker } from '../../worker-start.js';
import { isNtaEncoding, type NtaEncoding } from './nta-decoder.js';
import { decodeItems, type EncodedItems } from './nta-item-codec.js';
import type { ParsedRows, ReadState } from './nta-parsed-rows.js';
import { NtaFormatError } from './nta-reader.js';
import { isObject } from '../../lib/is-object.js';

export interface ThreadRequest {
  readonly path: string;
  readonly encoding: NtaEncoding | null;
  readonly maxInFlight: number;
}

/** Whether the worker was handed a request (its workerData), as startWorker hands it. */
export function isThreadRequest(data: unknown): data is ThreadRequest {
  if (!isObject(data)) return false;
  const { path, encoding, maxInFlight } = data;
  return typeof path === 'string' && (encoding === null || isNtaEncoding(encoding)) && typeof maxInFlight === 'number';
}

export type ThreadMessage =
  | { readonly type: 'open'; readonly entryName: string | null }
  | { readonly type: 'batch'; readonly items: EncodedItems; readonly state: ReadState }
  | { readonly type: 'end' }
  | { readonly type: 'error'; readonly reason: string; readonly line: number | null; readonly format: boolean };

/**
 * Batches read ahead of the writer: enough to keep both threads busy (6,400 rows of BATCH_ROWS, about a third of a
 * second of reading: the reading goes on while the writer indexes a stretch of companies, company-terms-writer.ts),
 * few enough to keep memory flat.
 */
const MAX_IN_FLIGHT = 64;

/** openParsedRows, run on a worker thread; the same rows, batches and errors. */
export async function openParsedRowsOnThread(path: string, encoding: NtaEncoding | null): Promise<ParsedRows> {
  const worker = startWorker({ path, encoding, maxInFlight: MAX_IN_FLIGHT });
  const queue: ThreadMessage[] = [];
  let waiting: ((message: ThreadMessage) => void) | null = null;
  const receive = (message: ThreadMessage) => {
    if (waiting) {
      const resolve = waiting;
      waiting = null;
      resolve(message);
    } else {
      queue.push(message);
    }
  };
  worker.on('message', receive);
  worker.on('error', (err) => receive({ type: 'error', reason: err.message, line: null, format: false }));
  worker.on('exit', (code) =>
    receive({ type: 'error', reason: `the reading thread stopped (exit code ${code})`, line: null, format: false }),
  );
  const next = (): Promise<ThreadMessage> => {
    const queued = queue.shift();
    return queued ? Promise.resolve(queued) : new Promise((resolve) => (waiting = resolve));
  };
  const close = () => void worker.terminate();

  const first = await next();
  if (first.type !== 'open') {
    close();
    throw failure(first);
  }
  async function* batches() {
    for (;;) {
      const message = await next();
      if (message.type === 'end') return;
      if (message.type !== 'batch') throw failure(message);
      worker.postMessage('taken');
      yield { items: decodeItems(message.items), state: message.state };
    }
  }
  return { entryName: first.entryName, batches: batches(), close };
}

function failure(message: ThreadMessage): Error {
  if (message.type !== 'error') return new Error(`unexpected message from the reading thread: ${message.type}`);
  return message.format ? new NtaFormatError(message.reason, message.line) : new Error(message.reason);
}

function startWorker(request: ThreadRequest): Worker {
  return startModuleWorker(import.meta.url, 'nta-parse-worker', { workerData: request });
}
