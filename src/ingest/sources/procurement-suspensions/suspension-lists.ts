// A publisher's procurement-suspension lists whose addresses are known, as written in its row (national-lists.ts,
// local-lists.ts), and the registry entries its row gives.
import { authorities } from '../../../domain/vocabularies/authorities.js';
import type { SourceEntryInput, SourceFormat, UrlKind } from '../../registry/source-entry.js';
import { SUSPENSION_TABLE } from './suspension-table.js';

/** One list of a publisher: its addresses, and how it is read. */
export interface SuspensionList {
  /**
   * Set when the publisher has another list besides its main one (物品 beside 工事): the entry is added with
   * this word before '-procurement-suspensions' in the main entry's id, and the title's qualifier.
   */
  readonly list?: { readonly slug: string; readonly title: string };
  /** The list's addresses; the first is the entry's url, the others its more_urls. */
  readonly urls: readonly string[];
  /** For a page that links the list's files: the link pattern, and the files' format. */
  readonly links?: { readonly pattern: string; readonly format: SourceFormat };
}

/** A publisher (an authority code) and its lists. */
export interface SuspensionPublisher {
  readonly publisher: string;
  /** The body its lists count for in the coverage ratio (a regional bureau's ministry). */
  readonly counts_for?: string;
  readonly lists: readonly SuspensionList[];
}

/** The url_kind and format an address states by its ending: a file's extension, else a page. */
function addressKind(url: string): { url_kind: UrlKind; format: SourceFormat } {
  const extension = /\.([a-z]+)$/iu.exec(new URL(url).pathname)?.[1]?.toLowerCase();
  if (extension === 'pdf' || extension === 'xls' || extension === 'xlsx' || extension === 'csv')
    return { url_kind: 'list_file', format: extension };
  return { url_kind: 'list_page', format: 'html' };
}

/** The title after the publisher's name: local governments and national bodies word their measures apart. */
function titleOf(publisher: string): string {
  const group = authorities.get(publisher)?.group;
  return group === 'prefecture' || group === 'designated_city' ? '指名停止措置' : '指名停止等の措置';
}

/**
 * The registry entries of a publisher's 指名停止 lists: one per list, read through the common header words
 * (SUSPENSION_TABLE) and unproven until its first collection. The main list's id is
 * `<publisher>-procurement-suspensions` (ids are stable: runs and coverage refer to them); a further list has its
 * slug before `-procurement-suspensions`.
 */
export function suspensionEntries(row: SuspensionPublisher): SourceEntryInput[] {
  // an unknown code keeps itself as the name, and the registry refuses it (registryProblems)
  const name = authorities.get(row.publisher)?.name ?? row.publisher;
  const id = `${row.publisher.replace(/_/gu, '-')}-procurement-suspensions`;
  return row.lists.map((list) => {
    const [url, ...more] = list.urls;
    if (url === undefined) throw new Error(`a list of ${row.publisher} has no address`);
    const kind = addressKind(url);
    const title = `${name} ${titleOf(row.publisher)}`;
    return {
      id: list.list ? id.replace(/-procurement-suspensions$/u, `-${list.list.slug}-procurement-suspensions`) : id,
      publisher: row.publisher,
      record_kind: 'procurement_suspension',
      title: list.list ? `${title}（${list.list.title}）` : title,
      ...(row.counts_for ? { counts_for: row.counts_for } : {}),
      url,
      url_kind: kind.url_kind,
      format: list.links?.format ?? kind.format,
      mapping: SUSPENSION_TABLE,
      unproven: true,
      ...(more.length > 0 ? { more_urls: more } : {}),
      // Pages that link one file per year or per update: every linked file is part of the list.
      ...(list.links ? { list_link: list.links.pattern, follow_all_links: true } : {}),
    };
  });
}
