// Source module of the procurement-suspension lists (指名停止), their known addresses put in: the site root replaced, a publisher's further lists added.
import { SUSPENSION_TABLE } from './suspension-table.js';
import { addressKind, LIST_ADDRESSES, type ListAddress } from './list-addresses.js';
import type { SourceEntryInput } from '../../registry/source-entry.js';
import type { SourceModule } from '../../registry/source-module.js';
import { DESIGNATED_CITY_SOURCES, PREFECTURE_SOURCES } from './local.js';
import { AGENCY_SOURCES, CORPORATION_SOURCES, NATIONAL_SOURCES } from './national.js';

/**
 * Each suspension entry whose publisher has known list addresses becomes one entry per list: the main list
 * keeps the entry's id (ids are stable: runs and coverage refer to them), a further list gets its own.
 * Entries of publishers with no known address keep their site root and no mapping (never collected). A list
 * read through the common header words (SUSPENSION_TABLE) is unproven until its first collection.
 */
function withListAddresses(
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
  const { url: _root, url_kind: _kind, format: _format, mapping: _mapping, ...rest } = base;
  return {
    ...rest,
    id: list.list
      ? base.id.replace(/-procurement-suspensions$/u, `-${list.list.slug}-procurement-suspensions`)
      : base.id,
    title: list.list ? `${base.title}（${list.list.title}）` : base.title,
    url,
    url_kind: kind.url_kind,
    format,
    ...(list.table === false ? {} : { mapping: SUSPENSION_TABLE, unproven: true }),
    ...(more.length > 0 ? { more_urls: more } : {}),
    // Pages that link one file per year or per update: every linked file is part of the list.
    ...(list.links ? { list_link: list.links.pattern, follow_all_links: true } : {}),
  };
}

/** Every publisher's 指名停止 lists: a table source where the list's address is known, its site root otherwise. */
export const PROCUREMENT_SUSPENSIONS: SourceModule = {
  sources: withListAddresses([
    ...NATIONAL_SOURCES,
    ...AGENCY_SOURCES,
    ...CORPORATION_SOURCES,
    ...PREFECTURE_SOURCES,
    ...DESIGNATED_CITY_SOURCES,
  ]),
};
