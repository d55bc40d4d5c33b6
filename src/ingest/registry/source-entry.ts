// The shape of one source in the registry: who publishes what, where, in which format, read by which parser.
import type { RecordKind } from '../../domain/records/record.js';
import type { PublisherGroupCode } from '../../domain/vocabularies/publisher-groups.js';
import type { ColumnMapping, FixedValues } from '../parsers/column-mapping.js';
import type { UnreadableRule } from '../../domain/skipped-row.js';
import type { GrowthRule } from '../../domain/records/edition-size.js';

/** `xls` is the legacy binary Excel format (BIFF), `xlsx` the XML one. */
export type SourceFormat = 'pdf' | 'csv' | 'xls' | 'xlsx' | 'html';

/**
 * How far the URL is known: 'list_file' is the list's own file (PDF, Excel, CSV); 'list_page' is the web page
 * that holds the list as an HTML table, or that links the list's files (with `list_link`); 'site_root' is the
 * publisher's official site, registered until the list's own address is found (its format is then a guess).
 */
export type UrlKind = 'list_file' | 'list_page' | 'site_root';

/** A registry entry as written in the data files. */
export interface SourceEntryInput {
  readonly id: string;
  /** Authority code of the publisher (src/domain/vocabularies/authorities.ts). */
  readonly publisher: string;
  readonly record_kind: RecordKind;
  readonly title: string;
  readonly url: string;
  readonly url_kind: UrlKind;
  /**
   * When `url` is the page that links the list rather than the list (a publisher that puts each month's
   * list at a new address): a regular expression, and the first link of the page to a file of `format`
   * whose text or address it matches is the list fetched. The records cite that file's address.
   */
  readonly list_link?: string;
  /**
   * With `list_link`: follow every matching link, not just the first, and read all the linked files together
   * as the source's list (a list published as one file per fiscal year).
   */
  readonly follow_all_links?: boolean;
  /** Further addresses of the same list (say, one page per fiscal year): all of them together are the source's list. */
  readonly more_urls?: readonly string[];
  readonly format: SourceFormat;
  /**
   * For a list that is a table: the header words of each field and how its dates are written. The table
   * reader of `format` reads it, and no code is written for the source. Absent for a source read by its
   * module's own parser, and for one that no parser reads yet (never collected).
   */
  readonly mapping?: ColumnMapping;
  /**
   * True where the mapping is written from the publisher's documented structure or the header words common to
   * such lists, and has not yet been tried on a real list of this source: its first collection proves it.
   */
  readonly unproven?: boolean;
  /** The terms the publisher puts on reuse of the list (a licence, 政府標準利用規約, …), where known. */
  readonly terms?: string;
  /** For a parser of its own layout, the values every record shares (a generic parser has them in its mapping). */
  readonly fixed?: FixedValues;
  /**
   * The body this source counts for in the coverage ratio, when it is not the publisher itself: a regional
   * bureau publishes for its ministry, and the official total counts ministries (publisher-groups.ts).
   */
  readonly counts_for?: string;
  /**
   * When this list's unreadable rows fail it whole (skipped-row.ts, DEFAULT_UNREADABLE_RULE otherwise): more than
   * `rows` of them and more than `share` of its data rows.
   */
  readonly unreadable_rows?: UnreadableRule;
  /**
   * When a new edition of this list is held back for having grown too far (edition-size.ts, DEFAULT_GROWTH_RULE
   * otherwise): more than `factor` times the records its last edition listed and more than `rows` records more.
   */
  readonly growth?: GrowthRule;
}

/** A registry entry with what the loader derives from it. */
export interface SourceEntry extends SourceEntryInput {
  /**
   * Which parser reads it: its module's own parser's id, the table reader of its format (`<format>-table`) for
   * a source with a mapping, else 'not_written' (a list no module reads yet: registered, and never collected).
   */
  readonly parser: string;
  /**
   * For a module's own parser: the file URL of its parser.ts (parser.js compiled), which the parsing thread imports
   * when it first reads a file of the source, and nothing else of the registry (resolve-parser.ts).
   */
  readonly parser_file?: string;
  /** The publisher's group, from the authority vocabulary. */
  readonly publisher_group: PublisherGroupCode;
  /** The body counted toward the group's official total: `counts_for`, else the publisher. */
  readonly counted_body: string;
}

/** What a source reads with no parser: registered all the same, and shown as never collected. */
export const NOT_WRITTEN = 'not_written';

/** A registry entry as written, with where it is written and the parser its module names (if any). */
export type ModuleEntry = SourceEntryInput & {
  /** Its module's own parser: the id the module's source.ts names, and the file URL of its parser.ts. */
  readonly own_parser?: { readonly id: string; readonly file: string };
  /** Where the entry is written, for messages: `module folder 'caa-keihyo'`, `source file 'x.yaml'`, the unread lists. */
  readonly origin?: string;
  /** For a source file: the line of one of its keys (`mapping.columns.summary`), for messages. */
  readonly line_of?: (key: string) => number;
};
