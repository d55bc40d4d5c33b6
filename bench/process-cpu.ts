// CPU time a process has used so far, read from /proc (Linux): how much work the server did, apart from how long it waited.
import { readdirSync, readFileSync } from 'node:fs';

/** Kernel ticks per second as /proc reports them (USER_HZ): 100 on every Linux architecture Node runs on. */
const TICKS_PER_SECOND = 100;

/** User plus system CPU milliseconds of the process, or null where /proc is not there (macOS, Windows). */
export function processCpuMs(pid: number): number | null {
  return statCpuMs(`/proc/${pid}/stat`);
}

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
    const ms = statCpuMs(`/proc/${pid}/task/${tid}/stat`);
    if (ms !== null) threads.set(Number(tid), ms);
  }
  return threads;
}

function statCpuMs(path: string): number | null {
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
  return Number.isFinite(utime) && Number.isFinite(stime) ? ((utime + stime) * 1000) / TICKS_PER_SECOND : null;
}
