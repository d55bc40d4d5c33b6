// Files parsed on worker threads under the parse budget: a file past a bound (a PDF that expands to hundreds of MB of
// operators, a zip bomb) ends its thread and fails its source alone, never the collection. A thread that answered is
// kept for the collection's next file: a new one loads again the readers it uses (bench/README.md, "Collection end to
// end"), and a collection reads hundreds of files.
import type { Worker } from 'node:worker_threads';
import pLimit from 'p-limit';
import { errorCodeOf, messageOf } from '../../lib/error-of.js';
import { budgetMessage, type ParseBudget } from '../parsers/parse-budget.js';
import {
  parseFailure,
  type ParseContext,
  type ParseOutcome,
  type ParserResolver,
  type SourceParser,
} from '../parsers/source-parser.js';
import { startModuleWorker } from '../../worker-start.js';
import { resolveParser } from './resolve-parser.js';

/** What a thread is handed for each file: the file's bytes (transferred, not copied) and the parse's context. */
export interface ParseRequest {
  readonly bytes: Uint8Array;
  readonly context: ParseContext & { readonly budget: ParseBudget };
}

/**
 * Parsing threads at once, whatever the sources in flight: parsing is work for a core, and each thread may take
 * the budget's heap, so the collector's heap stays within this many times KOHYO_PARSE_MEMORY_MB.
 */
const PARSE_THREADS = 2;

/** How long a thread waits for the next file before it ends: a collection's files follow one another closely. */
const IDLE_MS = 2_000;

/** The registry's parsers (resolve-parser.ts), each file run on a parsing thread under `budget`. */
export function budgetedResolver(budget: ParseBudget): ParserResolver {
  const parse = parseOnThreads(budget);
  return (source) => (resolveParser(source) === null ? null : parse);
}

/**
 * A parser that runs the source's registry parser on one of PARSE_THREADS worker threads: its heap bounded by
 * `memoryMb` (resourceLimits), its time by `seconds` (the thread is ended), the other bounds kept by the parsers
 * themselves (ParseBudgetError). The outcome comes back as a plain object; skipped rows are cut in the thread already.
 * A thread that failed or overran is ended, never reused; one that answered waits IDLE_MS for the next file.
 */
function parseOnThreads(budget: ParseBudget): SourceParser {
  /** The threads waiting for a file, each with what takes it out of the wait. */
  const idle = new Map<Worker, () => void>();
  const threads = pLimit(PARSE_THREADS);
  const take = (): Worker => {
    for (const [worker, release] of idle) {
      release();
      worker.ref();
      return worker;
    }
    return startModuleWorker(import.meta.url, 'parse-worker', {
      resourceLimits: { maxOldGenerationSizeMb: budget.memoryMb },
    });
  };
  const keep = (worker: Worker) => {
    const release = () => {
      clearTimeout(timer);
      idle.delete(worker);
      worker.off('error', end).off('exit', end);
    };
    const end = () => {
      release();
      void worker.terminate();
    };
    // an idle thread does not hold the process open; it ends once no file came for IDLE_MS, and one that fails or
    // stops while it waits (an error with no listener would end the collector) is dropped, never handed a file
    const timer = setTimeout(end, IDLE_MS).unref();
    worker.unref();
    worker.on('error', end).on('exit', end);
    idle.set(worker, release);
  };
  return (bytes, context) =>
    threads(async () => {
      const worker = take();
      const { outcome, reusable } = await parseOn(worker, { bytes, context: { ...context, budget } });
      if (reusable) keep(worker);
      else void worker.terminate();
      return outcome;
    });
}

/** One file's parse on `worker`, and whether the thread may take another (it answered, within its bounds). */
function parseOn(worker: Worker, request: ParseRequest): Promise<{ outcome: ParseOutcome; reusable: boolean }> {
  const { budget } = request.context;
  return new Promise((resolve) => {
    // the first outcome counts; a thread being ended keeps its listeners, so that an error it raises on its way out
    // is heard (an error with no listener would end the collector)
    const done = (outcome: ParseOutcome, reusable: boolean) => {
      clearTimeout(timer);
      if (reusable) worker.off('message', answered).off('error', failed).off('exit', stopped);
      resolve({ outcome, reusable });
    };
    const answered = (outcome: ParseOutcome) => done(outcome, true);
    const failed = (error: unknown) =>
      done(
        parseFailure(
          errorCodeOf(error) === 'ERR_WORKER_OUT_OF_MEMORY'
            ? budgetMessage('memoryMb', budget.memoryMb, 'its parse ran out of the memory it may use')
            : `the parser failed unexpectedly: ${messageOf(error)}`,
        ),
        false,
      );
    const stopped = (code: number) =>
      done(parseFailure(`the parsing thread stopped (exit code ${code}) before it answered`), false);
    const timer = setTimeout(
      () => done(parseFailure(budgetMessage('seconds', budget.seconds, 'its parse did not end in time')), false),
      budget.seconds * 1000,
    );
    worker.on('message', answered).on('error', failed).on('exit', stopped);
    // a copy of its own, so that transferring it leaves the caller's buffer (maybe a slice of a pool) whole
    const bytes = new Uint8Array(request.bytes);
    worker.postMessage({ ...request, bytes }, [bytes.buffer]);
  });
}
