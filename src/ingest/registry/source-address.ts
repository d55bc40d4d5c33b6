// How far a source's address is known, in a few words for an operator's table (the sources command).
import type { SourceEntryInput } from './source-entry.js';

/**
 * 'list_file pdf' (the list's own file, and 3 more with more_urls), 'list_page html' (the page is the list),
 * 'list_page → pdf' (the page links the list's PDF; '→ all pdf' when every matching link is read),
 * 'site_root' (the publisher's site: the list's address is not known, its format a guess, so none is shown).
 */
export function addressSummary(
  source: Pick<SourceEntryInput, 'url_kind' | 'format' | 'list_link' | 'follow_all_links' | 'more_urls'>,
): string {
  if (source.url_kind === 'site_root') return 'site_root';
  const more = source.more_urls?.length ? ` +${source.more_urls.length}` : '';
  if (source.list_link === undefined) return `${source.url_kind} ${source.format}${more}`;
  return `${source.url_kind} → ${source.follow_all_links ? 'all ' : ''}${source.format}${more}`;
}
