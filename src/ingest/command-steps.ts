// The steps of a long command (an import): each on a line of its own with the time the one before it took, written to
// the command's progress sink (stderr unless a test gives its own).

export interface ProgressSink {
  readonly isTTY: boolean;
  write(text: string): void;
}

/** The process's stderr as a progress sink. */
export function stderrSink(): ProgressSink {
  return { isTTY: process.stderr.isTTY === true, write: (t) => process.stderr.write(t) };
}

/**
 * The line of each step (writing, indexing, upkeep, the check), on a line of its own, with the time the step before it
 * took: the steps after the rows are most of the end of a large import and have no rows to count.
 */
export function stepReporter(
  sink: ProgressSink,
  clock: () => number = Date.now,
): (step: string, last?: boolean) => void {
  let last: { readonly step: string; readonly at: number } | null = null;
  return (step, isLast = false) => {
    const at = clock();
    const before =
      last === null ? '' : ` (${last.step.replace(/^.*: /u, '')}: ${((at - last.at) / 1000).toFixed(1)} s)`;
    sink.write(`${step}${isLast ? '' : ' …'}${before}\n`);
    last = { step, at };
  };
}
