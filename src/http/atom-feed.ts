// A record list as an Atom feed (RFC 4287): the records of the answer, newest first, each an entry with a stable id
// from the record's id, a title naming the company, the action and the authority, its date, a summary and a link to
// the source. Written by the `feed` package; the tests validate it against RFC 4287's RELAX NG schema.
import { Feed } from 'feed';
import type { FastifyRequest } from 'fastify';

export const ATOM_TYPE = 'application/atom+xml; charset=utf-8';

/** Whether a request asks for the feed: `format=atom`, or `Accept` naming Atom without an explicit `format=json`. */
export function wantsAtom(request: Pick<FastifyRequest, 'headers'>, format: unknown): boolean {
  if (format === 'atom') return true;
  if (format === 'json') return false;
  return /\bapplication\/atom\+xml\b/u.test(request.headers.accept ?? '');
}

/** The fields of a presented record a feed entry reads (every record resource has them, or their kind's equivalent). */
interface FeedRecord {
  readonly id: string;
  readonly company: { readonly name: string };
  readonly authority: { readonly name: string; readonly name_en: string };
  readonly source: { readonly url: string; readonly title: string };
  readonly summary_en: string | null;
  readonly summary?: string;
  readonly reason_detail?: string | null;
  readonly action_type?: { readonly name_en: string };
  readonly reason?: { readonly name_en: string };
  readonly date?: string;
  readonly period?: { readonly from: string } | null;
}

export interface FeedFrame {
  /** The feed's own address: the request's URL, absolute. */
  readonly selfUrl: string;
  readonly title: string;
  /** When the dataset was built: the feed's `updated` when it lists no record. */
  readonly datasetVersion: string;
}

export function atomFeed(records: readonly FeedRecord[], frame: FeedFrame): string {
  const entries = records.map((record) => ({ record, date: dayStart(recordDate(record)) }));
  const newest = entries.reduce<Date | null>((max, e) => (max === null || e.date > max ? e.date : max), null);
  const feed = new Feed({
    id: frame.selfUrl,
    title: frame.title,
    updated: newest ?? new Date(frame.datasetVersion),
    link: frame.selfUrl.replace(/([?&])format=atom&?/u, '$1').replace(/[?&]$/u, ''),
    feedLinks: { atom: frame.selfUrl },
    author: { name: 'Kohyo' },
    generator: 'Kohyo',
    copyright: 'Public records of the Japanese authorities named in each entry, reused under their terms',
  });
  for (const { record, date } of entries) {
    feed.addItem({
      id: `urn:kohyo:record:${record.id}`,
      title: `${record.company.name}: ${actionOf(record)} (${record.authority.name_en})`,
      link: record.source.url,
      date,
      published: date,
      description: [record.summary_en, record.summary ?? record.reason_detail].filter((text) => text).join('\n\n'),
      author: [{ name: `${record.authority.name_en} (${record.authority.name})` }],
    });
  }
  return feed.atom1();
}

function actionOf(record: FeedRecord): string {
  if (record.action_type !== undefined) return record.action_type.name_en;
  return record.reason === undefined ? 'Record' : `Suspension from public procurement: ${record.reason.name_en}`;
}

/** A record's date: its action's, or the start of its period (a suspension). */
function recordDate(record: FeedRecord): string {
  return record.date ?? record.period?.from ?? '1970-01-01';
}

/** The start of a day in Japan, as an instant. */
function dayStart(day: string): Date {
  return new Date(`${day}T00:00:00+09:00`);
}
