// The reading half of an NTA import: a file's rows decoded, each current row with the search terms it will most likely get.
import { indexedTerms, type IndexedTerms } from '../../domain/companies/company-terms.js';
import type { NtaEncoding } from './nta-decoder.js';
import { openNtaReader } from './nta-reader.js';
import { parseNtaRow, type NtaRowResult } from './nta-row.js';

export interface ParsedItem {
  readonly result: NtaRowResult;
  /**
   * For a current row that is not a deletion: indexedTerms of its company with its own aliases (its search terms and
   * their documents), worked out here so that this can run on another thread than the writes. The writer uses them
   * only when the company ends up with exactly those aliases, which is the case for nearly every row of a new dataset.
   */
  readonly terms: IndexedTerms | null;
}

export interface ReadState {
  readonly bytesRead: number;
  readonly totalBytes: number | null;
  readonly encoding: NtaEncoding | null;
}

/** Rows in the order of the file, a batch at a time, each batch with how far the file has been read. */
export interface ParsedRows {
  readonly entryName: string | null;
  readonly batches: AsyncIterable<{ readonly items: readonly ParsedItem[]; readonly state: ReadState }>;
  close(): void;
}

/**
 * Rows per batch: many enough that handing a batch to another thread costs little, few enough that a batch's rows
 * are still young when it is handed on. A batch is held until its last row is parsed; with 1,000 rows most of
 * them outlived a young-generation collection and were copied, then promoted and marked as old objects; with 100
 * the reading half of an import takes less CPU.
 */
const BATCH_ROWS = 100;

/** Opens the file (NtaFormatError when it cannot be read at all) and reads it lazily, batch by batch. */
export async function openParsedRows(path: string, encoding: NtaEncoding | null): Promise<ParsedRows> {
  const reader = await openNtaReader(path, { encoding });
  const state = (): ReadState => ({ ...reader.progress(), encoding: reader.encoding() });
  async function* batches() {
    let items: ParsedItem[] = [];
    for await (const record of reader.records) {
      items.push(parseItem(record.fields, record.line));
      if (items.length === BATCH_ROWS) {
        yield { items, state: state() };
        items = [];
      }
    }
    yield { items, state: state() };
  }
  return { entryName: reader.entryName, batches: batches(), close: () => reader.close() };
}

/** A row decoded, with its terms when it will most likely get them. */
export function parseItem(fields: readonly string[], line: number): ParsedItem {
  const result = parseNtaRow(fields, line);
  if (!result.ok || !result.row.latest || result.row.process === '99') return { result, terms: null };
  const { company } = result.row;
  return { result, terms: indexedTerms(company) };
}
