// The worker thread of nta-parse-thread.ts: reads and parses one file, posting its batches, waiting while the writer is behind.
import { parentPort, workerData } from 'node:worker_threads';
import { encodeItems } from './nta-item-codec.js';
import { openParsedRows } from './nta-parsed-rows.js';
import { isThreadRequest, type ThreadMessage } from './nta-parse-thread.js';
import { NtaFormatError } from './nta-reader.js';
import { messageOf } from '../../lib/error-of.js';

const port = parentPort;
const request: unknown = workerData;
if (port === null || !isThreadRequest(request))
  throw new Error('nta-parse-worker.ts runs as the worker nta-parse-thread.ts starts, with its request as workerData');
const post = (message: ThreadMessage) => port.postMessage(message);
// batches posted and not yet taken by the writer: at most request.maxInFlight, so memory stays flat
let inFlight = 0;
let wake: (() => void) | null = null;
port.on('message', () => {
  inFlight--;
  wake?.();
  wake = null;
});

try {
  const rows = await openParsedRows(request.path, request.encoding);
  post({ type: 'open', entryName: rows.entryName });
  for await (const batch of rows.batches) {
    if (inFlight >= request.maxInFlight) await new Promise<void>((resolve) => (wake = resolve));
    inFlight++;
    post({ type: 'batch', items: encodeItems(batch.items), state: batch.state });
  }
  post({ type: 'end' });
} catch (err) {
  const format = err instanceof NtaFormatError;
  post({
    type: 'error',
    reason: format ? err.reason : messageOf(err),
    line: format ? err.line : null,
    format,
  });
}
