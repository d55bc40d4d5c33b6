// CPU time a process has used so far, read from /proc (Linux): how much work the server did, apart from how long it waited.
import { readFileSync } from 'node:fs';

/** Kernel ticks per second as /proc reports them (USER_HZ): 100 on every Linux architecture Node runs on. */
const TICKS_PER_SECOND = 100;

/** User plus system CPU milliseconds of the process, or null where /proc is not there (macOS, Windows). */
export function processCpuMs(pid: number): number | null {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  // the command name (field 2) is in parentheses and may hold spaces: count fields from after its closing one
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const utime = Number(fields[11]);
  const stime = Number(fields[12]);
  return Number.isFinite(utime) && Number.isFinite(stime) ? ((utime + stime) * 1000) / TICKS_PER_SECOND : null;
}
