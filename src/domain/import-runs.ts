// An imported record file is a collection of each source it cites, done when the records were retrieved:
// one run per source, so that coverage and `data_as_of` account for imported data too.
import type { ValidRecord } from './records/record.js';

export interface ImportRun {
  readonly source_id: string;
  /** The latest retrieval time among the source's records (RFC 3339, UTC). */
  readonly finished_at: string;
  readonly records: number;
  readonly period_from: string;
  readonly period_to: string;
}

export function importRunsOf(records: readonly ValidRecord[]): ImportRun[] {
  const tally = new ImportRunTally();
  for (const record of records) tally.add(record);
  return tally.runs();
}

/** The runs of records told one at a time (a file too large to hold): importRunsOf of all of them. */
export class ImportRunTally {
  private readonly bySource = new Map<string, { finished_at: string; records: number; from: string; to: string }>();

  add(record: ValidRecord): void {
    const date = record.kind === 'procurement_suspension' ? record.period.from : record.date;
    const run = this.bySource.get(record.source.id);
    if (run === undefined) {
      this.bySource.set(record.source.id, {
        finished_at: record.source.retrieved_at,
        records: 1,
        from: date,
        to: date,
      });
      return;
    }
    run.records++;
    if (record.source.retrieved_at > run.finished_at) run.finished_at = record.source.retrieved_at;
    if (date < run.from) run.from = date;
    if (date > run.to) run.to = date;
  }

  runs(): ImportRun[] {
    return [...this.bySource].map(([source_id, r]) => ({
      source_id,
      finished_at: r.finished_at,
      records: r.records,
      period_from: r.from,
      period_to: r.to,
    }));
  }
}
