// A command's output captured for a test: the lines it writes to stdout and stderr, its clock fixed, and whatever else
// the command reads (its dataset, its environment, its registry) beside them.
export function capturedIo<Extra extends object>(now: string, extra: Extra) {
  const out: string[] = [];
  const err: string[] = [];
  const io = {
    stdout: (line: string) => void out.push(line),
    stderr: (line: string) => void err.push(line),
    now: () => new Date(now),
    ...extra,
  };
  return { out, err, io };
}
