// A file parsed on a worker thread of its own, under the parse budget: a file past a bound (a PDF that expands to
// hundreds of MB of operators, a zip bomb) ends that thread and fails its source alone, never the collection.
import pLimit from 'p-limit';
import { errorCodeOf, messageOf } from '../../domain/error-of.js';
import { budgetMessage, type ParseBudget } from '../parsers/parse-budget.js';
import {
  parseFailure,
  type ParseContext,
  type ParseOutcome,
  type ParserResolver,
  type SourceParser,
} from '../parsers/source-parser.js';
import { startModuleWorker } from '../worker-start.js';
import { resolveParser } from './parsers-by-id.js';

/** What the worker is handed: the file's bytes (transferred, not copied) and the parse's context, budget included. */
export interface ParseRequest {
  readonly bytes: Uint8Array;
  readonly context: ParseContext & { readonly budget: ParseBudget };
}

/**
 * Parsing threads at once, whatever the sources in flight: parsing is work for a core, and each thread may take
 * the budget's heap, so the collector's heap stays within this many times KOHYO_PARSE_MEMORY_MB.
 */
const PARSE_THREADS = 2;

/** The registry's parsers (parsers-by-id.ts), each file run on a thread of its own under `budget`. */
export function budgetedResolver(budget: ParseBudget): ParserResolver {
  const onThread = parseOnThread(budget);
  const threads = pLimit(PARSE_THREADS);
  const parse: SourceParser = (bytes, context) => threads(() => onThread(bytes, context));
  return (source) => (resolveParser(source) === null ? null : parse);
}

/**
 * A parser that runs the source's registry parser on a new worker thread: its heap bounded by `memoryMb`
 * (resourceLimits), its time by `seconds` (the thread is ended), the other bounds kept by the parsers themselves
 * (ParseBudgetError). The outcome comes back as a plain object; skipped rows are cut in the thread already.
 */
export function parseOnThread(
  budget: ParseBudget,
): (bytes: Uint8Array, context: ParseContext) => Promise<ParseOutcome> {
  return (bytes, context) =>
    new Promise<ParseOutcome>((resolve) => {
      // a copy of its own, so that transferring it leaves the caller's buffer (maybe a slice of a pool) whole
      const copy = new Uint8Array(bytes);
      const request: ParseRequest = { bytes: copy, context: { ...context, budget } };
      const worker = startModuleWorker(import.meta.url, 'parse-worker', {
        workerData: request,
        transferList: [copy.buffer],
        resourceLimits: { maxOldGenerationSizeMb: budget.memoryMb },
      });
      let settled = false;
      const done = (outcome: ParseOutcome) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        void worker.terminate();
        resolve(outcome);
      };
      const timer = setTimeout(
        () => done(parseFailure(budgetMessage('seconds', budget.seconds, 'its parse did not end in time'))),
        budget.seconds * 1000,
      );
      worker.on('message', (outcome: ParseOutcome) => done(outcome));
      worker.on('error', (error) =>
        done(
          parseFailure(
            errorCodeOf(error) === 'ERR_WORKER_OUT_OF_MEMORY'
              ? budgetMessage('memoryMb', budget.memoryMb, 'its parse ran out of the memory it may use')
              : `the parser failed unexpectedly: ${messageOf(error)}`,
          ),
        ),
      );
      worker.on('exit', (code) =>
        done(parseFailure(`the parsing thread stopped (exit code ${code}) before it answered`)),
      );
    });
}
