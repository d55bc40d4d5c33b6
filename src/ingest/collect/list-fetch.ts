// Fetching a source's list: its own address, or the file(s) its page links to when the registry gives a list_link, for each of its addresses.
import { htmlLinks } from '../parsers/html-links.js';
import { decodeText } from '../parsers/text-decoding.js';
import type { SourceEntry } from '../registry/source-entry.js';
import type { FetchOutcome, Fetcher, Validators } from './fetcher.js';

type FetchedFile = Extract<FetchOutcome, { kind: 'fetched' }>;

/** The whole list of a source: every file fetched, in order, or the first failure. */
export type ListOutcome =
  { readonly kind: 'fetched'; readonly files: readonly FetchedFile[] } | Exclude<FetchOutcome, { kind: 'fetched' }>;

/** Whether the source's list is read from several files: its addresses, or every matching link of its page. */
export function isMultiFile(source: SourceEntry): boolean {
  return (source.more_urls?.length ?? 0) > 0 || (source.list_link !== undefined && source.follow_all_links === true);
}

/**
 * Every file of the source's list. A single-file list is fetched as before, with the validators. A list of several
 * files is fetched whole, without validators: one 304 among fresh files says nothing of the list, so the hash of all
 * the bodies (collect-source.ts) is what finds it unchanged. Any file that fails fails the list.
 */
export async function fetchListFiles(
  source: SourceEntry,
  fetcher: Fetcher,
  validators: Validators | null,
): Promise<ListOutcome> {
  if (!isMultiFile(source)) {
    const one = await fetchList(source, fetcher, validators);
    return one.kind === 'fetched' ? { kind: 'fetched', files: [one] } : one;
  }
  const files: FetchedFile[] = [];
  const seen = new Set<string>();
  for (const address of [source.url, ...(source.more_urls ?? [])]) {
    const links =
      source.list_link === undefined
        ? [address]
        : await linkedFiles({ ...source, url: address }, source.list_link, fetcher);
    if (!Array.isArray(links)) return links;
    for (const link of links) {
      if (seen.has(link)) continue;
      seen.add(link);
      const file = await fetcher.fetch(link);
      if (file.kind === 'not_modified')
        return {
          kind: 'failed',
          status: 304,
          error: `${link} answered 304 to a request without validators`,
          attempts: file.attempts,
        };
      if (file.kind === 'failed') return { ...file, error: `${link}: ${file.error}` };
      files.push(file);
    }
  }
  return { kind: 'fetched', files };
}

/**
 * The list's fetch. With a list_link the page is fetched whole every time (it is small, and it is where a
 * new month's file appears); the validators are sent for the linked file only.
 */
export async function fetchList(
  source: SourceEntry,
  fetcher: Fetcher,
  validators: Validators | null,
): Promise<FetchOutcome> {
  if (source.list_link === undefined) return fetcher.fetch(source.url, validators);
  const links = await linkedFiles(source, source.list_link, fetcher);
  if (!Array.isArray(links)) return links;
  const file = await fetcher.fetch(links[0], validators);
  // the link is the page's, not the registry's: the failure names it, as a list of several files names each
  return file.kind === 'failed' ? { ...file, error: `${links[0]}: ${file.error}` } : file;
}

/**
 * The linked files of the source's page: the first link matching `listLink` (the source's list_link), or every one
 * with follow_all_links; at least one, or the failure.
 */
async function linkedFiles(
  source: SourceEntry,
  listLink: string,
  fetcher: Fetcher,
): Promise<[string, ...string[]] | Exclude<FetchOutcome, { kind: 'fetched' }>> {
  const page = await fetcher.fetch(source.url);
  if (page.kind === 'not_modified')
    return {
      kind: 'failed',
      status: 304,
      error: 'the page linking the list answered 304 to a request without validators',
      attempts: page.attempts,
    };
  if (page.kind === 'failed') return { ...page, error: `the page linking the list: ${page.error}` };
  const decoded = decodeText(page.body);
  if (!decoded.ok)
    return {
      kind: 'failed',
      status: page.status,
      error: `the page linking the list cannot be read: ${decoded.error}`,
      attempts: page.attempts,
    };
  const [first, ...others] = linkedLists(decoded.text, page.url, new RegExp(listLink, 'u'), source.format);
  if (first === undefined) {
    return {
      kind: 'failed',
      status: page.status,
      error: `no link to a .${source.format} file matching /${listLink}/ on ${page.url}: the page changed, or list_link needs updating`,
      attempts: page.attempts,
    };
  }
  return source.follow_all_links === true ? [first, ...others] : [first];
}

/** The address of the first link to a `.format` file whose text or address matches the pattern, or null. */
export function linkedList(html: string, pageUrl: string, pattern: RegExp, format: string): string | null {
  return linkedLists(html, pageUrl, pattern, format)[0] ?? null;
}

/** The addresses of every link to a `.format` file whose text or address matches the pattern, in page order, once each. */
export function linkedLists(html: string, pageUrl: string, pattern: RegExp, format: string): string[] {
  const found: string[] = [];
  for (const link of htmlLinks(html)) {
    let url: URL;
    try {
      url = new URL(link.href, pageUrl);
    } catch {
      continue;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') continue;
    if (!url.pathname.toLowerCase().endsWith(`.${format}`)) continue;
    if (pattern.test(link.text) || pattern.test(readable(url.href))) {
      url.hash = '';
      if (!found.includes(url.href)) found.push(url.href);
    }
  }
  return found;
}

/** Percent-encoded Japanese file names decoded, so that a pattern can name them as written. */
function readable(href: string): string {
  try {
    return decodeURI(href);
  } catch {
    return href;
  }
}
