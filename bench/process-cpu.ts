// CPU time a process has used so far, read from /proc (Linux): how much work the server did, apart from how long it waited.
import { readdirSync, readFileSync } from 'node:fs';

/** Kernel ticks per second as /proc reports them (USER_HZ): 100 on every Linux architecture Node runs on. */
const TICKS_PER_SECOND = 100;

/** CPU milliseconds a process has spent in its own code (user) and in the kernel on its behalf (system). */
export interface CpuSplitMs {
  readonly userMs: number;
  readonly systemMs: number;
}

/** User plus system CPU milliseconds of the process, or null where /proc is not there (macOS, Windows). */
export function processCpuMs(pid: number): number | null {
  const split = processCpuSplitMs(pid);
  return split === null ? null : split.userMs + split.systemMs;
}

/** The same, user and system apart: the kernel's share of a request (socket writes, waking the client) shows. */
export function processCpuSplitMs(pid: number): CpuSplitMs | null {
  return statCpuSplitMs(`/proc/${pid}/stat`);
}

/** A run's result with the server's CPU a request over it, user and system apart, in microseconds. */
export interface CpuPerRequest<R> {
  readonly result: R;
  readonly userUs: number;
  readonly systemUs: number;
}

/**
 * Runs `run` (a load against the server of process `pid`) and divides the server's CPU over it by the requests it
 * answered. Where /proc is not there, the CPU figures are 0.
 */
export async function cpuPerRequest<R extends { readonly requests: number }>(
  pid: number,
  run: () => Promise<R>,
): Promise<CpuPerRequest<R>> {
  const before = processCpuSplitMs(pid) ?? NO_CPU;
  const result = await run();
  const after = processCpuSplitMs(pid) ?? NO_CPU;
  const perRequestUs = (ms: number) => (ms * 1000) / result.requests;
  return {
    result,
    userUs: perRequestUs(after.userMs - before.userMs),
    systemUs: perRequestUs(after.systemMs - before.systemMs),
  };
}

const NO_CPU: CpuSplitMs = { userMs: 0, systemMs: 0 };

/** The same for each of the process's threads, by thread id; empty where /proc is not there or once it has exited. */
export function threadCpuMs(pid: number): Map<number, number> {
  const threads = new Map<number, number>();
  let tids: string[];
  try {
    tids = readdirSync(`/proc/${pid}/task`);
  } catch {
    return threads;
  }
  for (const tid of tids) {
    const split = statCpuSplitMs(`/proc/${pid}/task/${tid}/stat`);
    if (split !== null) threads.set(Number(tid), split.userMs + split.systemMs);
  }
  return threads;
}

function statCpuSplitMs(path: string): CpuSplitMs | null {
  let stat: string;
  try {
    stat = readFileSync(path, 'utf8');
  } catch {
    return null;
  }
  // the command name (field 2) is in parentheses and may hold spaces: count fields from after its closing one
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const utime = Number(fields[11]);
  const stime = Number(fields[12]);
  if (!Number.isFinite(utime) || !Number.isFinite(stime)) return null;
  return { userMs: (utime * 1000) / TICKS_PER_SECOND, systemMs: (stime * 1000) / TICKS_PER_SECOND };
}

/** This process's CPU µs (user and system) an item of `run` over every item, once: for work timed in-process. */
export function cpuMicrosEach<T>(items: readonly T[], run: (item: T) => unknown): number {
  const start = process.cpuUsage();
  for (const item of items) run(item);
  const used = process.cpuUsage(start);
  return (used.user + used.system) / items.length;
}
