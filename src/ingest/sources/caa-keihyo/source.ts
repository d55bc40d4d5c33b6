// Source module of the Consumer Affairs Agency's releases under the Act against Unjustifiable Premiums and
// Misleading Representations (景品表示法): one index page per fiscal year, each release a link with its date.
import type { SourceEntryInput } from '../../registry/source-entry.js';
import type { SourceModule } from '../../registry/source-module.js';

const INDEX = 'https://www.caa.go.jp/policies/policy/representation/fair_labeling/release';

/** The fiscal years read: the current one (April to March) and those before it back to FY2021, the index's first. */
export function caaFiscalYears(today: Date, first = 2021): number[] {
  const year = today.getUTCFullYear() - (today.getUTCMonth() < 3 ? 1 : 0);
  return Array.from({ length: year - first + 1 }, (_, i) => year - i);
}

function caaSource(today: Date): SourceEntryInput {
  const [current, ...earlier] = caaFiscalYears(today);
  return {
    id: 'caa-keihyo-actions',
    publisher: 'caa',
    record_kind: 'enforcement',
    title: '景品表示法関連報道発表資料',
    url: `${INDEX}/${current}/`,
    more_urls: earlier.map((year) => `${INDEX}/${year}/`),
    url_kind: 'list_page',
    format: 'html',
    fixed: { law: 'premiums_and_representations_act' },
  };
}

export const source: SourceModule = {
  // its index has a page per fiscal year: those up to the one the process starts in
  sources: [caaSource(new Date())],
  parser: 'caa-keihyo-html',
};
