// A source module: one folder of src/ingest/sources/, whose source.ts gives a publisher's registry entries and, where
// the list is not a table a mapping reads, names the parser of its own that parser.ts beside it exports.
import type { SourceEntryInput } from './source-entry.js';

/** What a module's source.ts exports as `source`. */
export interface SourceModule {
  readonly sources: readonly SourceEntryInput[];
  /**
   * The id of the module's own parser (lower-case words joined by '-'; it is stored with each run's source): the
   * `parse` function parser.ts exports beside source.ts, which reads every entry of the module, each in its format.
   * Absent for a module of table sources (each entry's mapping is read by the table reader of its format).
   */
  readonly parser?: string;
}
