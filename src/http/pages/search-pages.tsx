// The search pages: every kind's first matches with their counts (each count a link to the rest), and one kind's
// matches page by page; both with the notice on how the query was read and the coverage statement.
import { SearchForm, Layout, Sentence, Typed, type PageFrame } from './layout.js';
import { message } from './messages.js';
import { labelIn, type Language } from './language.js';
import { RecordLine } from './record-parts.js';
import { CoverageStatement } from './coverage-parts.js';
import { dayText } from './people-dates.js';
import { PAGE_ROWS, type KindPage, type KindResults, type QueryNotice, type SearchResults } from './page-data.js';
import type { Company } from '../../api/schemas/company.js';
import { COMPANY_PAGE_PATH, SEARCH_PAGE_PATH } from '../../api/links.js';
import { RECORD_LISTS, type RecordKind } from '../../domain/record.js';

/** The address of page `page` of one kind's matches of `q`. */
export function kindPageAddress(q: string, kind: RecordKind, page: number, language: Language): string {
  const params = new URLSearchParams({ q, kind: RECORD_LISTS[kind], page: String(page), lang: language });
  return `${SEARCH_PAGE_PATH}?${params.toString()}`;
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
      <a href={`${company.links.html}?lang=${language}`} lang="ja">
        {company.name}
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
      <CoverageStatement
        language={language}
        kinds={results.kinds}
        companies={results.companiesTotal}
        notice={results.notice}
      />
      <section aria-labelledby="companies-heading">
        <h2 id="companies-heading">
          {message(language, 'companies')}{' '}
          <ShownCount language={language} shown={results.companies.length} total={results.companiesTotal} />
        </h2>
        {results.companies.length === 0 ? (
          <p class="muted">{message(language, 'none')}</p>
        ) : (
          <ul class="results">
            {results.companies.map((company) => (
              <CompanyLine key={company.corporate_number} company={company} language={language} />
            ))}
          </ul>
        )}
      </section>
      {results.kinds.map((kind) => (
        <KindSection
          key={kind.kind}
          language={language}
          results={kind}
          more={kindPageAddress(q, kind.kind, 1, language)}
        />
      ))}
    </Layout>
  );
}

/** The pages of one kind's matches: previous, each page by number (the current one marked), next. */
function Pager({ language, q, page }: { readonly language: Language; readonly q: string; readonly page: KindPage }) {
  if (page.maxPage <= 1) return null;
  const at = (n: number) => kindPageAddress(q, page.kind, n, language);
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

export function KindPageView({ frame, page }: { readonly frame: PageFrame; readonly page: KindPage }) {
  const { language } = frame;
  const q = frame.q ?? '';
  const list = RECORD_LISTS[page.kind];
  const cap = page.maxPage;
  return (
    <Layout frame={frame}>
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
      {page.beyondCap ? <p class="notice">{message(language, 'beyondCap', { reach: cap * PAGE_ROWS, cap })}</p> : null}
      <KindSection language={language} results={page} first={(page.page - 1) * PAGE_ROWS + 1} />
      <Pager language={language} q={q} page={page} />
      <CoverageStatement language={language} kinds={[page]} notice={page.notice} />
    </Layout>
  );
}
