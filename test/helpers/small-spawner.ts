// Programs a test runs many times (xmllint, a document at a time) started by a small process of their own rather than
// by the test's. Starting a program forks the process that starts it, and a fork copies its page tables: about 25 ms
// of CPU from a test process of 500 MB (as a lane of npm test grows), 4 ms from one of 50 MB. The small process is
// started once, at the first program, and ends with the test's process.
import { spawn, type ChildProcess } from 'node:child_process';

/** A program's run: what it printed, and how it ended (`code` 0 for success, as execFile's error has it otherwise). */
export interface ProgramRun {
  readonly stdout: string;
  readonly stderr: string;
  readonly code: number | null;
  readonly signal: string | null;
  /** Why it could not be started (ENOENT), or null. */
  readonly error: string | null;
}

/** The small process: runs each program it is sent with its input, and sends back its run under the request's id. */
const SPAWNER = `
const { execFile } = require('node:child_process');
process.on('message', ({ id, file, args, input }) => {
  const child = execFile(file, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
    const started = error === null || typeof error.code === 'number' || error.signal;
    process.send({
      id,
      run: {
        stdout,
        stderr,
        code: error === null ? 0 : typeof error.code === 'number' ? error.code : null,
        signal: error?.signal ?? null,
        error: started ? null : error.message,
      },
    });
  });
  // a program may be done before it reads its input (a file named instead): its verdict is its status and output
  child.stdin.on('error', () => {});
  child.stdin.end(input);
});
process.on('disconnect', () => process.exit(0));
`;

let spawner: ChildProcess | undefined;
const waiting = new Map<number, (run: ProgramRun) => void>();
let requests = 0;

function spawnerProcess(): ChildProcess {
  if (spawner !== undefined) return spawner;
  const started = spawn(process.execPath, ['-e', SPAWNER], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  started.on('message', ({ id, run }: { id: number; run: ProgramRun }) => {
    waiting.get(id)?.(run);
    waiting.delete(id);
    // idle, the small process keeps no test process running
    if (waiting.size === 0) idle(started);
  });
  started.on('exit', () => {
    spawner = undefined;
    for (const answer of waiting.values())
      answer({ stdout: '', stderr: '', code: null, signal: null, error: 'the spawning process ended' });
    waiting.clear();
  });
  idle(started);
  spawner = started;
  return started;
}

function idle(child: ChildProcess): void {
  child.unref();
  child.channel?.unref();
}

/** Runs `file` with `args`, `input` on its standard input, from the small process. */
export function runProgram(file: string, args: readonly string[], input: string): Promise<ProgramRun> {
  const child = spawnerProcess();
  child.ref();
  child.channel?.ref();
  const id = requests++;
  return new Promise((resolve) => {
    waiting.set(id, resolve);
    child.send({ id, file, args, input });
  });
}
