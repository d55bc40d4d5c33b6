// The lists no source module reads yet, kept as data (src/ingest/unread-lists/): who publishes each and the best address
// known of it. Each is registered all the same, with no parser, and shows as never collected, so that coverage names
// what an answer did not search. A list becomes a source when a module reads it: its folder is added under
// src/ingest/sources/, and the module takes the list's place by the list's id or its own address (source-registry.ts,
// registryEntriesOf): the tables are not edited.
import type { RecordKind } from '../../domain/records/record.js';
import { authorities } from '../../domain/vocabularies/authorities.js';
import type { SourceEntryInput, SourceFormat, UrlKind } from './source-entry.js';

/** A publisher of the list and its address; further addresses of the same list after it. */
export type UnreadAddress = readonly [publisher: string, url: string, ...more: string[]];

/** One kind of list, and every publisher of one not read yet. */
export interface UnreadLists {
  /** The words after the publisher in each entry's id: `fsa-kanto-lfb-administrative-actions`. */
  readonly list: string;
  readonly kind: RecordKind;
  /** The title after the publisher's name (the authority vocabulary's). */
  readonly title: string;
  /** The body these lists count for in the coverage ratio (a regional office's ministry); none for the bodies themselves. */
  readonly counts_for?: string;
  /** How far the addresses are known: the publishers' site roots unless said. */
  readonly url_kind?: Exclude<UrlKind, 'site_root'>;
  /** The list's format where its own address is known; a site root's is a guess, never shown. */
  readonly format?: SourceFormat;
  readonly at: readonly UnreadAddress[];
}

/** The registry entries of the tables, in their order. */
export function unreadEntries(tables: readonly UnreadLists[]): SourceEntryInput[] {
  return tables.flatMap((lists) =>
    lists.at.map(([publisher, url, ...more]) => ({
      id: `${publisher.replace(/_/gu, '-')}-${lists.list}`,
      publisher,
      record_kind: lists.kind,
      // an unknown code keeps itself as the name, and the registry refuses it (registryProblems)
      title: `${authorities.get(publisher)?.name ?? publisher} ${lists.title}`,
      url,
      url_kind: lists.url_kind ?? 'site_root',
      format: lists.format ?? 'html',
      ...(more.length > 0 ? { more_urls: more } : {}),
      ...(lists.counts_for ? { counts_for: lists.counts_for } : {}),
    })),
  );
}
