// Records of any kind as an Atom feed (RFC 4287): one entry per record, with a stable id from the record's id, a
// title naming the company, the action and the authority, a link to the record's page (alternate) and to the
// publisher's source (related), `updated` when the record reached Kohyo or last changed, `published` its own date (an
// action's day, a suspension's first day; its `updated` while that day is ahead), both in Japan time and never after
// the answer; the feed's `updated` is the latest of its entries'. A feed about a company holds its own records before
// any other (domain/records/company-records.ts), then what arrived last first; a title says whose company a record
// is linked to, or that it is linked to none and only names one. Written by ./xml-writer.ts, which escapes every value.
import { RECORD_PAGE_PATH } from '../../api/links.js';
import { el, xmlDocument, type XmlElement } from './xml-writer.js';
import { japanTime } from '../../domain/dates.js';
import { byRelation, type Relation } from '../../domain/records/company-records.js';
import { VOCABULARIES } from '../../domain/vocabularies/index.js';

export const ATOM_TYPE = 'application/atom+xml; charset=utf-8';

const ATOM_NS = 'http://www.w3.org/2005/Atom';

/** The fields of a presented record of any kind a feed entry reads (each kind has them, or its kind's equivalent). */
export interface FeedRecord {
  readonly id: string;
  readonly company: {
    readonly name: string;
    readonly corporate_number: string | null;
    readonly prefecture_code: string | null;
    readonly address: string | null;
  };
  readonly authority: { readonly name: string; readonly name_en: string };
  readonly source: { readonly url: string };
  readonly listing: { readonly first_listed_on: string };
  readonly summary_en: string | null;
  readonly summary?: string;
  readonly reason_detail?: string | null;
  readonly action_type?: { readonly name_en: string };
  readonly reason?: { readonly name_en: string };
  readonly date?: string;
  readonly period?: { readonly from: string } | null;
  /** How the record relates to the query of the feed (domain/records/company-records.ts), where it asked for one. */
  readonly relation?: Relation;
}

/** What each relation's category says to a reader of the feed. */
const RELATION_LABELS: Readonly<Record<Relation, string>> = {
  linked: 'linked to a company the query found',
  predecessor: 'linked to a company merged into the company asked for',
  named: 'names a company the query found, linked to none',
  text: 'found by its own text',
};

/**
 * What a title says first of a record that is not plainly the company's, in both languages: most feed readers hide
 * categories, and a record that only names a company of the name reads as the company's own without it.
 */
const TITLE_MARKS: Readonly<Partial<Record<Relation, string>>> = {
  predecessor: "[合併により承継した法人の記録 · A predecessor's record, merged into this company] ",
  named: '[同名の記載のみ・どの企業にも対応づけなし · Names a company of this name, linked to none] ',
};

export interface FeedFrame {
  /** The checked base of the answer's links (./request-origin.ts): scheme, host and any path prefix. */
  readonly base: string;
  /** The feed's own address: the request's path and query, percent-encoded, on `base`. */
  readonly selfUrl: string;
  readonly title: string;
  /** When the dataset was built: the feed's `updated` when it lists no record. */
  readonly datasetVersion: string;
  /** No date of the feed is later: the answer's time. */
  readonly notAfter: Date;
  /** When each record reached Kohyo or last changed (an instant), by id; a record not in it counts from its listing. */
  readonly changedAt: ReadonlyMap<string, string>;
}

/** The feed of these records, in the order it lists them (what arrived last first). */
export function atomFeed(records: readonly FeedRecord[], frame: FeedFrame): string {
  const entries = records
    .map((record) => {
      const updated = clamp(arrivedAt(record, frame.changedAt), frame.notAfter);
      // the record's own day, whenever it reached Kohyo (a suspension announced ahead is published on its first day,
      // after it arrived); a day still ahead of the answer, which no date of a feed passes, is not yet: such a record
      // is published when it reached Kohyo, a date that stays put until its own day comes
      const own = dayStart(recordDate(record));
      return { record, updated, published: own <= frame.notAfter.getTime() ? own : updated };
    })
    .sort(
      byRelation(
        (entry) => entry.record.relation,
        (a, b) => b.updated - a.updated || b.published - a.published,
        (a, b) => (a.record.id < b.record.id ? -1 : a.record.id > b.record.id ? 1 : 0),
      ),
    );
  const newest = entries[0]?.updated ?? clamp(Date.parse(frame.datasetVersion), frame.notAfter);
  const feed = el(
    'feed',
    { xmlns: ATOM_NS },
    el('id', {}, frame.selfUrl),
    el('title', {}, frame.title),
    el('updated', {}, japanTime(newest)),
    el('link', { rel: 'self', type: 'application/atom+xml', href: frame.selfUrl }),
    el('link', { rel: 'alternate', type: 'application/json', href: jsonUrl(frame.selfUrl) }),
    el('author', {}, el('name', {}, 'Kohyo')),
    el('generator', {}, 'Kohyo'),
    el('rights', {}, 'Public records of the Japanese authorities named in each entry, reused under their terms'),
    entries.map((entry) => entryOf(entry, frame.base)),
  );
  return xmlDocument(feed);
}

function entryOf(
  { record, updated, published }: { record: FeedRecord; updated: number; published: number },
  base: string,
): XmlElement {
  const summary = [record.summary_en, record.summary ?? record.reason_detail].filter((text) => text).join('\n\n');
  const source = webAddress(record.source.url);
  return el(
    'entry',
    {},
    el('id', {}, `urn:kohyo:record:${record.id}`),
    el('title', {}, titleOf(record)),
    el('updated', {}, japanTime(updated)),
    el('published', {}, japanTime(published)),
    el('link', { rel: 'alternate', type: 'text/html', href: recordPage(base, record.id) }),
    source === null ? null : el('link', { rel: 'related', href: source }),
    el('author', {}, el('name', {}, `${record.authority.name_en} (${record.authority.name})`)),
    record.relation === undefined
      ? null
      : el('category', { term: record.relation, label: RELATION_LABELS[record.relation] }),
    summary === '' ? null : el('summary', {}, summary),
  );
}

/** The entry's title: a mark where the record is not plainly the company's, whose it is, the action, the authority. */
function titleOf(record: FeedRecord): string {
  const mark = record.relation === undefined ? '' : (TITLE_MARKS[record.relation] ?? '');
  return `${mark}${record.company.name} (${whoseOf(record.company)}): ${actionOf(record)} (${record.authority.name_en})`;
}

/**
 * Whose record it is, so that namesakes are told apart: the Corporate Number it is linked to and the prefecture, or
 * that it is linked to none, with the place its publisher printed.
 */
function whoseOf(company: FeedRecord['company']): string {
  const prefecture =
    company.prefecture_code === null ? null : (VOCABULARIES.prefecture.get(company.prefecture_code)?.name ?? null);
  if (company.corporate_number !== null)
    return [company.corporate_number, prefecture].filter((part) => part !== null).join(', ');
  const place = company.address ?? prefecture;
  return `法人番号の紐付けなし · linked to no company${place === null ? '' : `; ${place}`}`;
}

/** A record's page, on the answer's base (a lone surrogate, which no URL can hold, written as U+FFFD). */
function recordPage(base: string, id: string): string {
  return `${base}${RECORD_PAGE_PATH}/${encodeURIComponent(id.replace(/\p{Cs}/gu, '\uFFFD'))}`;
}

/**
 * A source address as a reader may be offered it: an http or https URL, as the URL standard writes it (spaces,
 * quotes and angle brackets percent-encoded); null for anything else. A record's source comes from a list or an
 * import, and a reader follows the link: a `javascript:` or `data:` one is left out.
 */
function webAddress(url: string): string | null {
  if (!/^https?:\/\/[^\s]/iu.test(url) || !URL.canParse(url)) return null;
  const parsed = new URL(url);
  return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : null;
}

/** The JSON answer to the same query: the feed's address without `format=atom`. */
function jsonUrl(selfUrl: string): string {
  return selfUrl.replace(/([?&])format=atom(?:&|$)/u, '$1').replace(/[?&]$/u, '');
}

function actionOf(record: FeedRecord): string {
  if (record.action_type !== undefined) return record.action_type.name_en;
  return record.reason === undefined ? 'Record' : `Suspension from public procurement: ${record.reason.name_en}`;
}

/** A record's own date: its action's, or the start of its period (a suspension). */
function recordDate(record: FeedRecord): string {
  return record.date ?? record.period?.from ?? '1970-01-01';
}

/**
 * When the record reached Kohyo or last changed, as the store keeps it; else the start of the day of the first
 * edition of its list that held it.
 */
function arrivedAt(record: FeedRecord, changedAt: ReadonlyMap<string, string>): number {
  const changed = Date.parse(changedAt.get(record.id) ?? '');
  return Number.isFinite(changed) ? changed : dayStart(record.listing.first_listed_on);
}

/** The start of a day in Japan, as an instant (milliseconds); 0 for a date that is not one. */
function dayStart(day: string): number {
  const time = Date.parse(`${day}T00:00:00+09:00`);
  return Number.isFinite(time) ? time : 0;
}

function clamp(time: number, notAfter: Date): number {
  return Number.isFinite(time) ? Math.min(time, notAfter.getTime()) : notAfter.getTime();
}
