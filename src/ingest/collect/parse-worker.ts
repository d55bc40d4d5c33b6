// The worker thread of parse-thread.ts: parses each file it is handed with its source's registry parser and posts the
// outcome, one file at a time, until parse-thread.ts ends it.
import { parentPort } from 'node:worker_threads';
import { isObject } from '../../lib/is-object.js';
import { keptNotes, parseFailure, parseSafely } from '../parsers/source-parser.js';
import type { ParseRequest } from './parse-thread.js';
import { resolveParser } from './resolve-parser.js';

const port = parentPort;
if (port === null) throw new Error('parse-worker.ts runs as the worker parse-thread.ts starts');

/** Parses one request and posts its outcome; anything thrown ends the thread, which parse-thread.ts reports. */
async function answer(data: unknown): Promise<void> {
  if (!isObject(data) || !(data.bytes instanceof Uint8Array) || !isObject(data.context))
    throw new Error('parse-worker.ts is handed the requests of parse-thread.ts');
  // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- the request parse-thread.ts of this same build posted (checked in outline above); a structured clone keeps its plain fields
  const request = data as unknown as ParseRequest;
  const parse = resolveParser(request.context.source);
  const outcome =
    parse === null
      ? parseFailure(`no parser is written for this source (parser '${request.context.source.parser}')`)
      : await parseSafely(parse, request.bytes, request.context);
  port?.postMessage(outcome.ok ? keptNotes(outcome) : outcome);
}

port.on('message', (data: unknown) => void answer(data));
