// Registry entries given their lists' known addresses: the site root replaced, a publisher's further lists added.
import { SUSPENSION_TABLE } from './suspension-mappings.js';
import { addressKind, LIST_ADDRESSES, type ListAddress } from './list-addresses.js';
import type { ParserId, SourceEntryInput, SourceFormat } from './source-entry.js';

/** The generic parser of each format, configured with the common header words of suspension lists. */
const TABLE_PARSER: Readonly<Record<SourceFormat, ParserId>> = {
  pdf: 'pdf-table',
  xls: 'xls-table',
  xlsx: 'xlsx-table',
  csv: 'csv-table',
  html: 'html-table',
};

/**
 * Each suspension entry whose publisher has known list addresses becomes one entry per list: the main list
 * keeps the entry's id (ids are stable: runs and coverage refer to them), a further list gets its own.
 * Entries of publishers with no known address keep their site root and stay not_written.
 */
export function withListAddresses(
  entries: readonly SourceEntryInput[],
  addresses: readonly ListAddress[] = LIST_ADDRESSES,
): SourceEntryInput[] {
  return entries.flatMap((entry) => {
    if (entry.record_kind !== 'procurement_suspension') return [entry];
    const lists = addresses.filter((a) => a.publisher === entry.publisher);
    if (lists.length === 0) return [entry];
    const listed = lists.map((list) => listEntry(entry, list));
    // A publisher known only by a further list keeps its main entry as it was.
    return lists.some((list) => list.list === undefined) ? listed : [entry, ...listed];
  });
}

function listEntry(base: SourceEntryInput, list: ListAddress): SourceEntryInput {
  const [url, ...more] = list.urls;
  if (url === undefined) throw new Error(`a list of ${list.publisher} has no address`);
  const kind = addressKind(url);
  const format = list.links?.format ?? kind.format;
  const parser = list.table === false ? 'not_written' : TABLE_PARSER[format];
  const { url: _root, url_kind: _kind, format: _format, parser: _parser, mapping: _mapping, ...rest } = base;
  return {
    ...rest,
    id: list.list
      ? base.id.replace(/-procurement-suspensions$/u, `-${list.list.slug}-procurement-suspensions`)
      : base.id,
    title: list.list ? `${base.title}（${list.list.title}）` : base.title,
    url,
    url_kind: kind.url_kind,
    format,
    parser,
    ...(parser === 'not_written' ? {} : { mapping: SUSPENSION_TABLE }),
    ...(more.length > 0 ? { more_urls: more } : {}),
    // Pages that link one file per year or per update: every linked file is part of the list.
    ...(list.links ? { list_link: list.links.pattern, follow_all_links: true } : {}),
  };
}
