// The worker thread of parse-thread.ts: parses one file with its source's registry parser and posts the outcome.
import { parentPort, workerData } from 'node:worker_threads';
import { isObject } from '../../domain/is-object.js';
import { keptNotes, parseFailure, parseSafely } from '../parsers/source-parser.js';
import type { ParseRequest } from './parse-thread.js';
import { resolveParser } from './parsers-by-id.js';

const port = parentPort;
const data: unknown = workerData;
if (port === null || !isObject(data) || !(data.bytes instanceof Uint8Array) || !isObject(data.context))
  throw new Error('parse-worker.ts runs as the worker parse-thread.ts starts, with its request as workerData');
// eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- the request parse-thread.ts of this same build handed over (checked in outline above); a structured clone keeps its plain fields
const request = data as unknown as ParseRequest;
const parse = resolveParser(request.context.source);
const outcome =
  parse === null
    ? parseFailure(`no parser is written for this source (parser '${request.context.source.parser}')`)
    : await parseSafely(parse, request.bytes, request.context);
port.postMessage(outcome.ok ? keptNotes(outcome) : outcome);
