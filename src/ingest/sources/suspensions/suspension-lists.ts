// A publisher's procurement-suspension lists, written in its row (national.ts, local.ts) where their addresses are
// known (test/fixtures/government/registry/list-addresses.md), and the registry entries a row gives.
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
  /** False for pages that announce suspensions in prose (press releases): no table parser reads them. */
  readonly table?: boolean;
}

/** The url_kind and format an address states by its ending: a file's extension, else a page. */
function addressKind(url: string): { url_kind: UrlKind; format: SourceFormat } {
  const extension = /\.([a-z]+)$/iu.exec(new URL(url).pathname)?.[1]?.toLowerCase();
  if (extension === 'pdf' || extension === 'xls' || extension === 'xlsx' || extension === 'csv')
    return { url_kind: 'list_file', format: extension };
  return { url_kind: 'list_page', format: 'html' };
}

/** What a publisher's row gives every entry of its lists: who publishes them, and where its site is. */
export interface SuspensionPublisher {
  /** Authority code; the entry's id is built from it. */
  readonly publisher: string;
  /** The publisher's name, which the entry's title begins with. */
  readonly name: string;
  /** The title after the name: 「指名停止措置」 for local governments, 「指名停止等の措置」 for national bodies. */
  readonly title: string;
  /** The official site root, the entry's url while no list address is known. */
  readonly site: string;
  readonly counts_for?: string;
  readonly lists?: readonly SuspensionList[];
}

/**
 * The registry entries of a publisher's 指名停止 lists: one per known list, read through the common header words
 * (SUSPENSION_TABLE) and unproven until its first collection; its site root, with no mapping (never collected),
 * while no list address is known, or beside further lists when its main one is not known. The main list's id
 * is `<publisher>-procurement-suspensions` (ids are stable: runs and coverage refer to them); a further list has
 * its slug before `-procurement-suspensions`.
 */
export function suspensionEntries(row: SuspensionPublisher): SourceEntryInput[] {
  const base = {
    id: `${row.publisher.replace(/_/gu, '-')}-procurement-suspensions`,
    publisher: row.publisher,
    record_kind: 'procurement_suspension',
    title: `${row.name} ${row.title}`,
    ...(row.counts_for ? { counts_for: row.counts_for } : {}),
  } as const;
  const siteRoot: SourceEntryInput = { ...base, url: row.site, url_kind: 'site_root', format: 'html' };
  const lists = row.lists ?? [];
  const listed = lists.map((list) => listEntry(base, list));
  // a publisher known only by a further list keeps its site root for the main one
  return lists.some((list) => list.list === undefined) ? listed : [siteRoot, ...listed];
}

function listEntry(
  base: Pick<SourceEntryInput, 'id' | 'publisher' | 'record_kind' | 'title' | 'counts_for'>,
  list: SuspensionList,
): SourceEntryInput {
  const [url, ...more] = list.urls;
  if (url === undefined) throw new Error(`a list of ${base.publisher} has no address`);
  const kind = addressKind(url);
  return {
    ...base,
    id: list.list
      ? base.id.replace(/-procurement-suspensions$/u, `-${list.list.slug}-procurement-suspensions`)
      : base.id,
    title: list.list ? `${base.title}（${list.list.title}）` : base.title,
    url,
    url_kind: kind.url_kind,
    format: list.links?.format ?? kind.format,
    ...(list.table === false ? {} : { mapping: SUSPENSION_TABLE, unproven: true }),
    ...(more.length > 0 ? { more_urls: more } : {}),
    // Pages that link one file per year or per update: every linked file is part of the list.
    ...(list.links ? { list_link: list.links.pattern, follow_all_links: true } : {}),
  };
}
