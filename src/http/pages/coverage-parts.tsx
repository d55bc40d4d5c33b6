// The coverage statement every answer page carries: what was found, of each kind; then what was searched, as of
// when, and by name the sources that were not (never collected, failing, stale), with a link to every source.
import { message } from './messages.js';
import type { Language } from './language.js';
import { dayText, japanDayOf } from './people-dates.js';
import type { KindCoverage, KindResults } from './page-data.js';
import { COVERAGE_PAGE_PATH } from '../../api/links.js';
import { RECORD_LISTS, type RecordKind } from '../../domain/record.js';

/** A count of what was found, for the statement's first sentence: "8 enforcement actions", "行政処分等8件". */
function foundCounts(language: Language, kinds: readonly KindResults[], companies: number | null): string {
  const parts =
    companies === null
      ? []
      : [message(language, companies === 1 ? 'countCompany' : 'countCompanies', { n: companies })];
  for (const kind of kinds) {
    const n = kind.total ?? kind.records.length;
    const kindName = message(language, `${n === 1 ? 'countOne' : 'countKind'}_${RECORD_LISTS[kind.kind]}`);
    parts.push(message(language, 'countRecords', { n: n >= 1000 ? message(language, 'moreThan') : n, kind: kindName }));
  }
  return parts.join(language === 'ja' ? '、' : ', ');
}

/** The sources of one kind an answer did not search as of now, by name, the rest counted. */
function NotCurrent({ language, coverage }: { readonly language: Language; readonly coverage: KindCoverage }) {
  const { total, sources } = coverage.not_current;
  if (total === 0) return null;
  const [separator, open, comma, close] = language === 'ja' ? ['、', '（', '、', '）'] : ['; ', ' (', ', ', ')'];
  return (
    <>
      {' '}
      {message(language, 'notCurrentLead', { total })}{' '}
      {sources.map((source, i) => (
        <span key={source.id}>
          {i === 0 ? '' : separator}
          <span lang="ja">{source.publisher.name}</span>
          {language === 'en' ? ` (${source.publisher.name_en})` : ''}
          {open}
          {message(language, `state_${source.state}`)}
          {source.last_success_at === null ? '' : `${comma}${dayText(language, japanDayOf(source.last_success_at))}`}
          {close}
        </span>
      ))}
      {total > sources.length
        ? `${separator}${message(language, 'notCurrentMore', { n: total - sources.length })}`
        : ''}
      {language === 'ja' ? '。' : '.'}
    </>
  );
}

/**
 * What an answer rests on. `companies` is the companies found, where the answer finds companies (null on a company's
 * own page). "Nothing" is said only when nothing of any kind was found.
 */
export function CoverageStatement({
  language,
  kinds,
  companies = null,
}: {
  readonly language: Language;
  readonly kinds: readonly KindResults[];
  readonly companies?: number | null;
}) {
  const found = (companies ?? 0) + kinds.reduce((n, k) => n + (k.total ?? k.records.length), 0);
  return (
    <section class="coverage" aria-labelledby="coverage-heading">
      <h2 id="coverage-heading">{message(language, 'searchedHeading')}</h2>
      <p>
        {found === 0
          ? message(language, 'foundNothing')
          : message(language, 'foundCounts', { counts: foundCounts(language, kinds, companies) })}
      </p>
      <ul>
        {kinds.map(({ kind, coverage }) => (
          <li key={kind}>
            <KindCoverageLine language={language} kind={kind} coverage={coverage} />
          </li>
        ))}
      </ul>
      <p>
        <a href={`${COVERAGE_PAGE_PATH}?lang=${language}`}>{message(language, 'everySource')}</a>
      </p>
      {found === 0 ? <p class="muted">{message(language, 'emptyMeaning')}</p> : null}
    </section>
  );
}

/** What was searched of one kind: how many sources, as of when, and those not current by name. */
export function KindCoverageLine({
  language,
  kind,
  coverage,
}: {
  readonly language: Language;
  readonly kind: RecordKind;
  readonly coverage: KindCoverage;
}) {
  const kindName = message(language, RECORD_LISTS[kind]);
  const asOf = coverage.oldest_success_at;
  return (
    <>
      {asOf === null
        ? message(language, 'kindSearchedNone', { kind: kindName })
        : message(language, 'kindSearched', {
            kind: kindName,
            sources: coverage.collected,
            asOf: dayText(language, japanDayOf(asOf)),
          })}
      <NotCurrent language={language} coverage={coverage} />
    </>
  );
}
