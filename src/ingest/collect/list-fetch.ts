// Fetching a source's list: its own address, or the file its page links to when the registry gives a list_link.
import { htmlLinks } from '../parsers/html-links.js';
import { decodeText } from '../parsers/text-decoding.js';
import type { SourceEntry } from '../registry/source-entry.js';
import type { FetchOutcome, Fetcher, Validators } from './fetcher.js';

/**
 * The list's fetch. With a list_link the page is fetched whole every time (it is small, and it is where a
 * new month's file appears); the validators are sent for the linked file only.
 */
export async function fetchList(source: SourceEntry, fetcher: Fetcher, validators: Validators | null): Promise<FetchOutcome> {
  if (source.list_link === undefined) return fetcher.fetch(source.url, validators);
  const page = await fetcher.fetch(source.url);
  if (page.kind === 'not_modified') return { kind: 'failed', status: 304, error: 'the page linking the list answered 304 to a request without validators', attempts: page.attempts };
  if (page.kind === 'failed') return { ...page, error: `the page linking the list: ${page.error}` };
  const decoded = decodeText(page.body);
  if (!decoded.ok) return { kind: 'failed', status: page.status, error: `the page linking the list cannot be read: ${decoded.error}`, attempts: page.attempts };
  const link = linkedList(decoded.text, page.url, new RegExp(source.list_link, 'u'), source.format);
  if (link === null) {
    return {
      kind: 'failed',
      status: page.status,
      error: `no link to a .${source.format} file matching /${source.list_link}/ on ${page.url}: the page changed, or list_link needs updating`,
      attempts: page.attempts,
    };
  }
  return fetcher.fetch(link, validators);
}

/** The address of the first link to a `.format` file whose text or address matches the pattern, or null. */
export function linkedList(html: string, pageUrl: string, pattern: RegExp, format: string): string | null {
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
      return url.href;
    }
  }
  return null;
}

/** Percent-encoded Japanese file names decoded, so that a pattern can name them as written. */
function readable(href: string): string {
  try {
    return decodeURI(href);
  } catch {
    return href;
  }
}
