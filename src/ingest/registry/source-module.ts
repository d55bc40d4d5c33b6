// A source module: a publisher's registry entries and, where its list is not a table a mapping reads, its own parser.
import type { SourceParser } from '../parsers/source-parser.js';
import type { SourceEntryInput, SourceFormat } from './source-entry.js';

/** A parser written for one publisher's own layout, and the format it reads. */
export interface OwnParser {
  /** Lower-case words joined by '-', unique among the modules' parsers (it is stored with each run's source). */
  readonly id: string;
  readonly format: SourceFormat;
  readonly parse: SourceParser;
}

/**
 * A source module (src/ingest/sources/): the registry entries of one publisher's lists of one layout, and, where
 * the list is not a table a mapping can read, the parser of its own that reads every one of them.
 */
export interface SourceModule {
  readonly sources: readonly SourceEntryInput[];
  readonly parser?: OwnParser;
}
