// The parser of the Consumer Affairs Agency's yearly index of 景品表示法 releases: one enforcement record per
// company a release names (措置命令, 課徴金納付命令, 確約計画の認定), citing the release page, dated the release.
import { oneLine } from '../../../domain/text/untrusted-text.js';
import { parse as parseHtml, type DefaultTreeAdapterTypes as T } from 'parse5';
import type { EnforcementInput } from '../../../domain/records/record-input.js';
import { isCalendarDate } from '../../../domain/dates.js';
import { skippedRow, type SkippedRow } from '../../../domain/skipped-row.js';
import { attribute, isElement, textOf } from '../../parsers/html-links.js';
import { readReleaseTitle } from './release-title.js';
import { parseFailure, type ParseContext, type ParseOutcome, type RecordOrigin } from '../../parsers/source-parser.js';
import { listPeriod } from '../../parsers/table-records.js';
import { decodeText } from '../../parsers/text-decoding.js';

const LAW = 'premiums_and_representations_act';

interface Release {
  readonly date: string;
  readonly title: string;
  readonly url: string;
}

export function parse(bytes: Uint8Array, context: ParseContext): ParseOutcome {
  const decoded = decodeText(bytes);
  if (!decoded.ok) return parseFailure(`the page's text cannot be read: ${decoded.error}`);
  const releases = releasesOf(decoded.text, context.url);
  if (releases.length === 0) {
    return parseFailure(
      'the page lists no dated releases (<li> with a <time datetime> and a link): it is not a yearly index of releases',
    );
  }
  const records: EnforcementInput[] = [];
  const origins: RecordOrigin[] = [];
  const warnings: string[] = [];
  const skipped: SkippedRow[] = [];
  releases.forEach((release, i) => {
    const { action, companies } = readReleaseTitle(release.title);
    if (action === null || companies.length === 0) {
      const why = action === null ? 'is not an order or an approval' : 'names no company in its title';
      skipped.push(skippedRow(i + 1, `the release ${why}`, [release.date, release.title]));
      return;
    }
    companies.forEach((name, n) => {
      records.push(recordOf(release, name, n, action, context));
      origins.push({ row: i + 1 });
    });
  });
  return {
    ok: true,
    records,
    origins,
    read_from: READ_FROM,
    period: listPeriod(records),
    skipped_rows: skipped,
    warnings,
  };
}

/** A yearly index has no columns: each field is read from a release's list item, as this says. */
const READ_FROM: Readonly<Record<string, string>> = {
  date: 'the <time datetime> of each release (<li>)',
  company_name:
    'the release title, the companies before 「に対する」 (or 「から申請があった」, 「による」), each a record',
  action_type: 'the release title: 課徴金納付命令, 確約計画の認定 or 措置命令 (another release is skipped)',
  summary: 'the release title',
  record_url: "the release's link, which each record cites",
};

function recordOf(
  release: Release,
  name: string,
  index: number,
  action: string,
  context: ParseContext,
): EnforcementInput {
  return {
    kind: 'enforcement',
    // the release's own address and the company's place in its title: stable however the index is laid out
    source_key: `${release.url}#${index + 1}`,
    company: { name },
    authority: context.source.publisher,
    source: {
      id: context.source.id,
      url: release.url,
      title: release.title,
      published_on: release.date,
      retrieved_at: context.retrieved_at,
    },
    law: context.source.fixed?.law ?? LAW,
    action_type: action,
    date: release.date,
    summary: release.title,
  };
}

/** Every list item with a dated link, in page order; addresses made absolute against the page's. */
function releasesOf(html: string, pageUrl: string): Release[] {
  const releases: Release[] = [];
  const walk = (node: T.ParentNode): void => {
    for (const child of node.childNodes) {
      if (!isElement(child)) continue;
      if (child.tagName === 'li') {
        const release = releaseOf(child, pageUrl);
        if (release !== null) {
          releases.push(release);
          continue;
        }
      }
      walk(child);
    }
  };
  walk(parseHtml(html));
  return releases;
}

function releaseOf(item: T.Element, pageUrl: string): Release | null {
  const time = find(item, (e) => e.tagName === 'time' && attribute(e, 'datetime') !== undefined);
  const link = find(item, (e) => e.tagName === 'a' && (attribute(e, 'href') ?? '').trim() !== '');
  const datetime = time && attribute(time, 'datetime');
  const href = link && attribute(link, 'href')?.trim();
  if (link === null || !datetime || !href) return null;
  const date = datetime.trim().slice(0, 10);
  const title = oneLine(oneLine(textOf(link)) || attribute(link, 'title') || '');
  if (!isCalendarDate(date) || title === '' || !URL.canParse(href, pageUrl)) return null;
  return { date, title, url: new URL(href, pageUrl).href };
}

function find(node: T.ParentNode, test: (element: T.Element) => boolean): T.Element | null {
  for (const child of node.childNodes) {
    if (!isElement(child)) continue;
    if (test(child)) return child;
    const inner = find(child, test);
    if (inner !== null) return inner;
  }
  return null;
}
