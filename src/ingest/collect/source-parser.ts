// What the collector asks of a parser: bytes in, records (or one precise error) out; and which parser reads a source.
import type { RecordInput } from '../../domain/record-input.js';
import type { SourceEntry } from '../registry/source-entry.js';

export interface ParseContext {
  readonly source: SourceEntry;
  /**
   * The address the bytes came from, what the records cite: after redirects, and the linked file where the
   * registry gives a list_link. The registry's URL for a local file.
   */
  readonly url: string;
  /** RFC 3339 instant the bytes were fetched (or the local file read). */
  readonly retrievedAt: string;
}

export type ParseResult =
  | {
      readonly ok: true;
      readonly records: readonly RecordInput[];
      /** The dates the list says it covers, when it says; else the collector takes them from the records. */
      readonly period?: { readonly from: string | null; readonly to: string | null } | null;
    }
  | { readonly ok: false; readonly error: string };

/** Pure: the same bytes and context give the same result. PDF reading is asynchronous, hence the Promise. */
export type SourceParser = (bytes: Uint8Array, context: ParseContext) => ParseResult | Promise<ParseResult>;

/** The parser of a source, or null when none is written for it yet. */
export type ParserResolver = (source: SourceEntry) => SourceParser | null;
