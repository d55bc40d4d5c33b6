// The search pages: every kind's first matches with their counts (each count a link to the rest), and one kind's
// matches page by page; both with the notice on how the query was read, and the coverage statement after the matches.
import { SearchForm, Layout, Sentence, Typed, type PageFrame } from './layout.js';
import { message } from './messages.js';
import { labelIn, type Language } from './language.js';
import { NamedElsewhereLine, RecordLine } from './record-parts.js';
import { CoverageStatement } from './coverage-parts.js';
import { dayText } from './people-dates.js';
import {
  PAGE_ROWS,
  type CompaniesPage,
  type KindPage,
  type KindResults,
  type PageSpan,
  type QueryNotice,
  type SearchResults,
} from './page-data.js';
import type { Company } from '../../api/schemas/company.js';
import type { Recall } from '../../api/company-search.js';
import { COMPANY_PAGE_PATH, SEARCH_PAGE_PATH } from '../../api/links.js';
import { RECORD_LISTS, type RecordKind } from '../../domain/records/record.js';
import { PublisherText } from './publisher-text.js';

/** The list a search page may show alone: the companies, or one record kind's list. */
type SearchList = 'companies' | (typeof RECORD_LISTS)[RecordKind];

/** The address of page `page` of one list's matches of `q`. */
function listPageAddress(q: string, list: SearchList, page: number, language: Language): string {
  const params = new URLSearchParams({ q, kind: list, page: String(page), lang: language });
  return `${SEARCH_PAGE_PATH}?${params.toString()}`;
}

/** The address of page `page` of one kind's matches of `q`. */
export function kindPageAddress(q: string, kind: RecordKind, page: number, language: Language): string {
  return listPageAddress(q, RECORD_LISTS[kind], page, language);
}

function countText(language: Language, total: number): string {
  return total >= 1000 ? message(language, 'moreThan') : String(total);
}

/** How many are shown of how many, and where the rest are when there are more. */
function ShownCount({
  language,
  shown,
  total,
  more,
  first,
}: {
  readonly language: Language;
  readonly shown: number;
  readonly total: number | null;
  readonly more?: string;
  /** The place of the first row shown among all, on a page past the first. */
  readonly first?: number;
}) {
  if (first !== undefined && total !== null && shown > 0) {
    const range = { first, last: first + shown - 1, total: countText(language, total) };
    return <>({message(language, 'rangeOf', range)})</>;
  }
  if (total === null || total <= shown) return <>({shown})</>;
  const text = message(language, 'shownOf', { shown, total: countText(language, total) });
  return (
    <>
      ({text}
      {more === undefined ? null : (
        <>
          {' · '}
          <a href={more}>{message(language, 'showAll', { total: countText(language, total) })}</a>
        </>
      )}
      )
    </>
  );
}

export function KindSection({
  language,
  results,
  more,
  first,
  Heading = 'h2',
}: {
  readonly language: Language;
  readonly results: KindResults;
  /** Where every match of the list is, page by page. */
  readonly more?: string;
  /** The place of the first row among all matches, where the section lists a page of them. */
  readonly first?: number;
  /** The heading's level: a section of the company page's records is one below them. */
  readonly Heading?: 'h2' | 'h3';
}) {
  const list = RECORD_LISTS[results.kind];
  const heading = `${list}-heading`;
  return (
    <section aria-labelledby={heading}>
      <Heading id={heading}>
        {message(language, list)}{' '}
        <ShownCount
          language={language}
          shown={results.records.length}
          total={results.total}
          more={more}
          first={first}
        />
      </Heading>
      {results.records.length === 0 ? (
        <p class="muted">{message(language, 'none')}</p>
      ) : (
        <ul class="results">
          {results.records.map((shown) => (
            <RecordLine key={shown.record.id} shown={shown} language={language} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** A closed company's state as a phrase: when, and why. */
export function closedText(language: Language, company: Company): string {
  return message(language, 'closed', {
    on: company.closed_on === null ? '' : dayText(language, company.closed_on),
    cause: company.close_cause === null ? '' : labelIn(language, company.close_cause),
  });
}

/** A closed company's successor, said and linked to its page; nothing for a company without one. */
export function SuccessorLink({
  language,
  company,
  before,
}: {
  readonly language: Language;
  readonly company: Company;
  readonly before: string;
}) {
  const successor = company.successor_corporate_number;
  return successor === null ? null : (
    <>
      {before}
      {message(language, 'successorNotice')}{' '}
      <a href={`${COMPANY_PAGE_PATH}/${successor}?lang=${language}`}>{successor}</a>
    </>
  );
}

function CompanyLine({ company, language }: { readonly company: Company; readonly language: Language }) {
  return (
    <li>
      <a href={`${company.links.html}?lang=${language}`}>
        <PublisherText>{company.name}</PublisherText>
      </a>{' '}
      <span class="meta">
        {message(language, 'corporateNumber')} {company.corporate_number} ·{' '}
        <span lang="ja">
          {company.address.prefecture ?? ''}
          {company.address.city ?? ''}
        </span>
        {company.status === 'closed' ? ` · ${closedText(language, company)}` : ''}
        <SuccessorLink language={language} company={company} before=" · " />
      </span>
    </li>
  );
}

/** The companies found, under a heading with how many are shown of how many (and where the rest are). */
function CompanySection({
  language,
  companies,
  total,
  more,
  first,
}: {
  readonly language: Language;
  readonly companies: readonly Company[];
  readonly total: number | null;
  readonly more?: string;
  readonly first?: number;
}) {
  return (
    <section aria-labelledby="companies-heading">
      <h2 id="companies-heading">
        {message(language, 'companies')}{' '}
        <ShownCount language={language} shown={companies.length} total={total} more={more} first={first} />
      </h2>
      {companies.length === 0 ? (
        <p class="muted">{message(language, 'none')}</p>
      ) : (
        <ul class="results">
          {companies.map((company) => (
            <CompanyLine key={company.corporate_number} company={company} language={language} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** That the query recalls more companies than were followed, and how many of them were. */
function RecallLine({
  language,
  recall,
  q,
}: {
  readonly language: Language;
  readonly recall: Recall | null;
  readonly q: string;
}) {
  if (recall === null) return null;
  const recalled = countText(language, recall.followed + recall.not_followed);
  return (
    <p class="notice" role="note">
      <Sentence
        language={language}
        id="recallBound"
        parts={{ q: <Typed text={q} />, recalled, followed: String(recall.followed) }}
      />
    </p>
  );
}

/** What the API's notice says of the query, in the reader's language. */
function QueryNoticeLine({
  language,
  notice,
  q,
}: {
  readonly language: Language;
  readonly notice: QueryNotice | null;
  readonly q: string;
}) {
  return notice === null ? null : (
    <p class="notice" role="note">
      <Sentence language={language} id={`notice_${notice}`} parts={{ q: <Typed text={q} /> }} />
    </p>
  );
}

export function SearchPage({ frame, results }: { readonly frame: PageFrame; readonly results: SearchResults }) {
  const { language } = frame;
  const q = frame.q ?? '';
  return (
    <Layout frame={frame}>
      <SearchForm language={language} q={q} />
      <h1>
        <Sentence language={language} id="resultsFor" parts={{ q: <Typed text={q} /> }} />
      </h1>
      <QueryNoticeLine language={language} notice={results.notice} q={q} />
      <RecallLine language={language} recall={results.recall} q={q} />
      <NamedElsewhereLine language={language} named={results.namedElsewhere} />
      <CompanySection
        language={language}
        companies={results.companies}
        total={results.companiesTotal}
        more={listPageAddress(q, 'companies', 1, language)}
      />
      {results.kinds.map((kind) => (
        <KindSection
          key={kind.kind}
          language={language}
          results={kind}
          more={kindPageAddress(q, kind.kind, 1, language)}
        />
      ))}
      {/* after the results, so that a phone's first screen shows them (above them, the box filled it) */}
      <CoverageStatement
        language={language}
        kinds={results.kinds}
        companies={results.companiesTotal}
        notice={results.notice}
      />
    </Layout>
  );
}

/** The pages of one list's matches: previous, each page by number (the current one marked), next. */
function Pager({
  language,
  q,
  list,
  page,
}: {
  readonly language: Language;
  readonly q: string;
  readonly list: SearchList;
  readonly page: PageSpan;
}) {
  if (page.maxPage <= 1) return null;
  const at = (n: number) => listPageAddress(q, list, n, language);
  const numbers = Array.from({ length: page.maxPage }, (_, i) => i + 1);
  return (
    <nav aria-label={message(language, 'pagesLabel')} class="pager">
      {page.page > 1 ? <a href={at(page.page - 1)}>{message(language, 'previousPage')}</a> : null}
      {numbers.map((n) =>
        n === page.page ? (
          <span key={n} aria-current="page">
            {n}
          </span>
        ) : (
          <a key={n} href={at(n)}>
            {n}
          </a>
        ),
      )}
      {page.page < page.maxPage ? <a href={at(page.page + 1)}>{message(language, 'nextPage')}</a> : null}
    </nav>
  );
}

/** What every page of one list's matches opens with: the form, the heading, the notice, where the page stands. */
function ListPageTop({
  frame,
  list,
  page,
}: {
  readonly frame: PageFrame;
  readonly list: SearchList;
  readonly page: PageSpan;
}) {
  const { language } = frame;
  const q = frame.q ?? '';
  return (
    <>
      <SearchForm language={language} q={q} />
      <h1>
        <Sentence
          language={language}
          id="kindResultsFor"
          parts={{ q: <Typed text={q} />, kind: message(language, list) }}
        />
      </h1>
      <QueryNoticeLine language={language} notice={page.notice} q={q} />
      <p>
        {message(language, 'pageOf', { page: page.page, max: page.maxPage })} ·{' '}
        <a href={`${SEARCH_PAGE_PATH}?${new URLSearchParams({ q, lang: language }).toString()}`}>
          {message(language, 'allResults')}
        </a>
      </p>
      {page.beyondCap ? (
        <p class="notice">{message(language, 'beyondCap', { reach: page.maxPage * PAGE_ROWS, cap: page.maxPage })}</p>
      ) : null}
    </>
  );
}

export function KindPageView({ frame, page }: { readonly frame: PageFrame; readonly page: KindPage }) {
  const { language } = frame;
  const list = RECORD_LISTS[page.kind];
  return (
    <Layout frame={frame}>
      <ListPageTop frame={frame} list={list} page={page} />
      <RecallLine language={language} recall={page.recall} q={frame.q ?? ''} />
      <NamedElsewhereLine language={language} named={page.namedElsewhere} />
      <KindSection language={language} results={page} first={(page.page - 1) * PAGE_ROWS + 1} />
      <Pager language={language} q={frame.q ?? ''} list={list} page={page} />
      <CoverageStatement language={language} kinds={[page]} notice={page.notice} />
    </Layout>
  );
}

export function CompaniesPageView({ frame, page }: { readonly frame: PageFrame; readonly page: CompaniesPage }) {
  const { language } = frame;
  return (
    <Layout frame={frame}>
      <ListPageTop frame={frame} list="companies" page={page} />
      <CompanySection
        language={language}
        companies={page.companies}
        total={page.total}
        first={(page.page - 1) * PAGE_ROWS + 1}
      />
      <Pager language={language} q={frame.q ?? ''} list="companies" page={page} />
    </Layout>
  );
}
