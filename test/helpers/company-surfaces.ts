// What the surfaces people read say of each record, read back as a reader gets them: each record line of a page (its
// list, the record's id, whose record the line says it is, the relation it is labelled with) and each list's count,
// read with parse5, and each entry of an Atom feed (its record, its title, its category).
import { parse, type DefaultTreeAdapterMap } from 'parse5';

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];

/** A record line of a page. */
export interface RecordLine {
  /** The list it is in, as the section names it (`enforcements`, `procurement_suspensions`, `license_actions`). */
  readonly list: string;
  readonly id: string;
  /** The line's `whose`: 「(Corporate Number N · Prefecture)」 or 「(linked to no company · place)」. */
  readonly whose: string;
  /** The relation it is labelled with; a line of the company's own linked record carries no label (`linked`). */
  readonly relation: string;
}

const isElement = (node: Node): node is Element => 'tagName' in node;
const attribute = (element: Element, name: string) => element.attrs.find((a) => a.name === name)?.value ?? null;
const childrenOf = (node: Node): readonly Node[] => ('childNodes' in node ? node.childNodes : []);
const hasClass = (element: Element, name: string) => (attribute(element, 'class') ?? '').split(/\s+/u).includes(name);

function textOf(node: Node): string {
  if (node.nodeName === '#text' && 'value' in node) return node.value;
  return childrenOf(node).map(textOf).join('');
}

/** Every element under `node` (itself included) that `keep` keeps, in document order. */
function elementsOf(node: Node, keep: (element: Element) => boolean): Element[] {
  const found: Element[] = [];
  const walk = (at: Node) => {
    if (isElement(at) && keep(at)) found.push(at);
    for (const child of childrenOf(at)) walk(child);
  };
  walk(node);
  return found;
}

/** The line's record, from its link to the record's page; null for a line of no record (a company's). */
function recordIdOf(line: Element): string | null {
  const href = elementsOf(line, (e) => e.tagName === 'a').map((a) => attribute(a, 'href') ?? '')[0] ?? '';
  const id = /^\/records\/([^?]+)/u.exec(href)?.[1];
  return id === undefined ? null : decodeURIComponent(id);
}

/** A page's record lines, in document order, and the count each list's heading gives (「Enforcement actions (3)」). */
export interface PageRecords {
  readonly lines: readonly RecordLine[];
  readonly counts: ReadonlyMap<string, number>;
}

/** The record lines and counts of a page: a company's, a search's or one list's. */
export function pageRecords(html: string): PageRecords {
  const lines: RecordLine[] = [];
  const counts = new Map<string, number>();
  const sections = elementsOf(parse(html), (e) => e.tagName === 'section');
  for (const section of sections) {
    const list = /^(\w+)-heading$/u.exec(attribute(section, 'aria-labelledby') ?? '')?.[1];
    if (list === undefined) continue;
    const heading = elementsOf(section, (e) => attribute(e, 'id') === `${list}-heading`)[0];
    const count = heading === undefined ? undefined : /\((\d+)\)\s*$/u.exec(textOf(heading))?.[1];
    if (count !== undefined) counts.set(list, Number(count));
    for (const line of elementsOf(section, (e) => e.tagName === 'li')) {
      const id = recordIdOf(line);
      if (id === null) continue;
      const whose = elementsOf(line, (e) => e.tagName === 'span' && hasClass(e, 'whose'))[0];
      const label = elementsOf(line, (e) => e.tagName === 'em' && hasClass(e, 'relation'))[0];
      lines.push({
        list,
        id,
        whose: whose === undefined ? '' : textOf(whose),
        relation: label === undefined ? 'linked' : (attribute(label, 'data-relation') ?? ''),
      });
    }
  }
  return { lines, counts };
}

/** An entry of an Atom feed. */
export interface FeedEntry {
  readonly id: string;
  readonly title: string;
  /** Its category's term: the record's relation to the feed's query. */
  readonly relation: string | null;
}

const unescaped = (text: string) => text.replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&');

/** Each entry of a feed as the app writes it (src/http/feeds/atom-feed.ts, which escapes only `&`, `<` and `>`). */
export function feedEntries(feed: string): FeedEntry[] {
  return [...feed.matchAll(/<entry>(.*?)<\/entry>/gsu)].map(([, entry = '']) => ({
    id: unescaped(/<id>urn:kohyo:record:([^<]+)<\/id>/u.exec(entry)?.[1] ?? ''),
    title: unescaped(/<title>([^<]*)<\/title>/u.exec(entry)?.[1] ?? ''),
    relation: /<category term="(\w+)"/u.exec(entry)?.[1] ?? null,
  }));
}

/** What a feed's title says first of a record that only names a company of the name (atom-feed.ts TITLE_MARKS). */
export const NAMED_MARK = '[同名の記載のみ・どの企業にも対応づけなし · Names a company of this name, linked to none] ';
