// The coverage statement every answer page carries: what was found, of each kind (or that nothing was, in how many
// sources); then what was searched, as of when, by name the sources not searched (never collected) and those not
// current (failing, stale), with a link to every source.
import { message } from './messages.js';
import type { Language } from './language.js';
import { dayText, japanDayOf } from './people-dates.js';
import { Sentence } from './layout.js';
import type { KindCoverage, KindResults, QueryNotice } from './page-data.js';
import { COVERAGE_PAGE_PATH } from '../../api/links.js';
import { RECORD_LISTS, type RecordKind } from '../../domain/records/record.js';

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

/** A source an answer names: its publisher, and for one not current its state and last success. */
type NamedSource = KindCoverage['not_searched']['sources'][number] &
  Partial<Pick<KindCoverage['not_current']['sources'][number], 'state' | 'last_success_at'>>;

/**
 * Sources of one kind after a lead that counts them ("Not searched, never collected (5):"), each by its publisher
 * with its state where it has one; the rest counted, or, where none is named, left to the list of every source.
 */
function NamedSources({
  language,
  lead,
  total,
  sources,
}: {
  readonly language: Language;
  readonly lead: string;
  readonly total: number;
  readonly sources: readonly NamedSource[];
}) {
  if (total <= 0) return null;
  const [separator, open, comma, close] = language === 'ja' ? ['、', '（', '、', '）'] : ['; ', ' (', ', ', ')'];
  const rest = total - sources.length;
  return (
    <>
      {' '}
      {lead}{' '}
      {sources.map((source, i) => (
        <span key={source.id}>
          {i === 0 ? '' : separator}
          <span lang="ja">{source.publisher.name}</span>
          {language === 'en' ? ` (${source.publisher.name_en})` : ''}
          {source.state === undefined ? null : (
            <>
              {open}
              {message(language, `state_${source.state}`)}
              {source.last_success_at ? (
                <>
                  {comma}
                  <DayOf language={language} at={source.last_success_at} />
                </>
              ) : null}
              {close}
            </>
          )}
        </span>
      ))}
      {rest === 0
        ? ''
        : sources.length === 0
          ? message(language, 'namedElsewhere')
          : `${separator}${message(language, 'namedMore', { n: rest })}`}
      {language === 'ja' ? '。' : '.'}
    </>
  );
}

/** The day of an instant in Japan, as people read it, the instant itself machine-readable. */
function DayOf({ language, at }: { readonly language: Language; readonly at: string }) {
  return <time dateTime={at}>{dayText(language, japanDayOf(at))}</time>;
}

/** How many sources were searched, over the kinds of an answer: those collected at least once. */
function searchedSources(kinds: readonly KindResults[]): number {
  return kinds.reduce((n, kind) => n + kind.coverage.collected, 0);
}

/**
 * What an answer rests on. `companies` is the companies found, where the answer finds companies (null on a company's
 * own page). "Nothing" is said only when nothing of any kind was found, and not where a notice already says why the
 * query as typed finds nothing (a Corporate Number with a wrong check digit).
 */
export function CoverageStatement({
  language,
  kinds,
  companies = null,
  notice = null,
}: {
  readonly language: Language;
  readonly kinds: readonly KindResults[];
  readonly companies?: number | null;
  readonly notice?: QueryNotice | null;
}) {
  const found = (companies ?? 0) + kinds.reduce((n, k) => n + (k.total ?? k.records.length), 0);
  const nothing = found === 0 && notice === null;
  return (
    <section class="coverage" aria-labelledby="coverage-heading">
      <h2 id="coverage-heading">{message(language, 'searchedHeading')}</h2>
      {found === 0 ? null : (
        <p>{message(language, 'foundCounts', { counts: foundCounts(language, kinds, companies) })}</p>
      )}
      {nothing ? <p>{message(language, 'foundNothing', { n: searchedSources(kinds) })}</p> : null}
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
      {nothing ? <p class="muted">{message(language, 'emptyMeaning')}</p> : null}
    </section>
  );
}

/** What was searched of one kind: how many sources, as of when; those not searched and those not current by name. */
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
  const notSearched = coverage.not_searched;
  // the sources not current that were searched (failing or stale): those never collected are named as not searched,
  // and the API names them first among the not current
  const searchedNotCurrent = coverage.not_current.total - notSearched.total;
  return (
    <>
      {asOf === null ? (
        message(language, 'kindSearchedNone', { kind: kindName })
      ) : (
        <Sentence
          language={language}
          id="kindSearched"
          parts={{ kind: kindName, sources: coverage.collected, asOf: <DayOf language={language} at={asOf} /> }}
        />
      )}
      <NamedSources
        language={language}
        lead={message(language, 'notSearchedLead', { total: notSearched.total })}
        total={notSearched.total}
        sources={notSearched.sources}
      />
      <NamedSources
        language={language}
        lead={message(language, 'notCurrentLead', { total: searchedNotCurrent })}
        total={searchedNotCurrent}
        sources={coverage.not_current.sources.filter((source) => source.state !== 'never_collected')}
      />
    </>
  );
}
