// The shape of one source in the registry: who publishes what, where, in which format, read by which parser.
import type { RecordKind } from '../../domain/record.js';
import type { PublisherGroupCode } from '../../domain/vocabularies/publisher-groups.js';
import type { ColumnMapping, FixedValues } from '../parsers/column-mapping.js';

/** `xls` is the legacy binary Excel format (BIFF), `xlsx` the XML one. */
export type SourceFormat = 'pdf' | 'csv' | 'xls' | 'xlsx' | 'html';

/** The parsers a source can name; 'not_written' registers a source that is never collected yet. */
export type ParserId =
  | 'csv-table'
  | 'xls-table'
  | 'xlsx-table'
  | 'html-table'
  | 'pdf-table'
  | 'mhlw-labour-violations-pdf'
  | 'isa-titp-xlsx'
  | 'caa-keihyo-html'
  | 'not_written';

/** The generic parsers, by the format they read: only these take a column mapping. */
export const GENERIC_PARSER_FORMAT: Readonly<Partial<Record<ParserId, SourceFormat>>> = {
  'csv-table': 'csv',
  'xls-table': 'xls',
  'xlsx-table': 'xlsx',
  'html-table': 'html',
  'pdf-table': 'pdf',
};

/** The parsers written for one source's own layout, and the format each reads. */
export const SPECIFIC_PARSER_FORMAT: Readonly<Partial<Record<ParserId, SourceFormat>>> = {
  'mhlw-labour-violations-pdf': 'pdf',
  'isa-titp-xlsx': 'xlsx',
  'caa-keihyo-html': 'html',
};

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
  readonly parser: ParserId;
  /** Required by the generic parsers, absent otherwise. */
  readonly mapping?: ColumnMapping;
  /** For a parser of its own layout, the values every record shares (a generic parser has them in its mapping). */
  readonly fixed?: FixedValues;
  /**
   * The body this source counts for in the coverage ratio, when it is not the publisher itself: a regional
   * bureau publishes for its ministry, and the official total counts ministries (publisher-groups.ts).
   */
  readonly counts_for?: string;
}

/** A registry entry with what the loader derives from it. */
export interface SourceEntry extends SourceEntryInput {
  /** The publisher's group, from the authority vocabulary. */
  readonly publisher_group: PublisherGroupCode;
  /** The body counted toward the group's official total: `counts_for`, else the publisher. */
  readonly counted_body: string;
}
