// The four pages for people: the search form, the results of every kind, a company, a record. Rendered on the server
// by Preact to strings (every text and attribute escaped by the renderer), usable with no script.
import { renderToString } from 'preact-render-to-string';
import type { VNode } from 'preact';
import { Layout, SearchForm, type PageFrame } from './layout.js';
import { message } from './messages.js';
import { labelIn, type Language } from './language.js';
import { CompanyName, RecordLine, actionOf, dateOf, type ShownRecord } from './record-parts.js';
import type { CompanyPage, KindResults, SearchResults } from './page-data.js';
import type { Company } from '../../api/schemas/company.js';
import { COMPANY_PAGE_PATH } from '../../api/links.js';
import { RECORD_LISTS } from '../../domain/record.js';
import { japanDate } from '../../domain/dates.js';

/** A page as it is sent: the doctype, then the document. */
export function pageHtml(page: VNode): string {
  return `<!doctype html>\n${renderToString(page)}`;
}

/** A link of the landing page for developers: the reference, the guide, the OpenAPI document, coverage. */
export interface DeveloperLink {
  readonly path: string;
  readonly title: string;
  readonly note: string;
}

export function HomePage({
  frame,
  links,
  contact,
}: {
  readonly frame: PageFrame;
  readonly links: readonly DeveloperLink[];
  readonly contact: string | null;
}) {
  const { language } = frame;
  return (
    <Layout frame={frame}>
      <h1>{message(language, 'service')}</h1>
      <p>{message(language, 'tagline')}</p>
      <SearchForm language={language} />
      <p class="hint">{message(language, 'searchHint')}</p>
      <section aria-labelledby="developers-heading">
        <h2 id="developers-heading">{message(language, 'forDevelopers')}</h2>
        <ul>
          {links.map((link) => (
            <li key={link.path}>
              <a href={link.path}>{link.title}</a>: {link.note}
            </li>
          ))}
        </ul>
        {contact === null ? null : <p>{message(language, 'operator', { contact })}</p>}
      </section>
    </Layout>
  );
}

function count(language: Language, shown: number, total: number | null): string {
  if (total === null || total === shown) return String(shown);
  return message(language, 'shownOf', { shown, total: total >= 1000 ? message(language, 'moreThan') : total });
}

/** What a no rests on: how many sources were looked at, as of when, and how many of them are not current. */
function CoverageNote({ language, kinds }: { readonly language: Language; readonly kinds: readonly KindResults[] }) {
  const sum = (pick: (k: KindResults) => number) => kinds.reduce((n, k) => n + pick(k), 0);
  const sources = sum((k) => k.coverage.sources);
  const stale = sum((k) => k.coverage.stale);
  const failing = sum((k) => k.coverage.failing);
  const never = sum((k) => k.coverage.never_collected);
  const oldest = kinds
    .map((k) => k.coverage.oldest_success_at)
    .filter((at): at is string => at !== null)
    .sort()[0];
  const asOf = oldest === undefined ? '—' : japanDate(new Date(oldest));
  return (
    <div class="coverage">
      <p>
        {message(language, 'noneAnywhere', { sources, asOf })}{' '}
        {stale > 0 ? message(language, 'staleNote', { stale }) : null}{' '}
        {failing > 0 ? message(language, 'failingNote', { failing }) : null}{' '}
        {never > 0 ? message(language, 'neverNote', { never }) : null}
      </p>
      <p class="muted">{message(language, 'emptyMeaning')}</p>
    </div>
  );
}

function KindSection({
  language,
  results,
  Heading = 'h2',
}: {
  readonly language: Language;
  readonly results: KindResults;
  /** The heading's level: a section of the company page's records is one below them. */
  readonly Heading?: 'h2' | 'h3';
}) {
  const list = RECORD_LISTS[results.kind];
  const heading = `${list}-heading`;
  return (
    <section aria-labelledby={heading}>
      <Heading id={heading}>
        {message(language, list)} ({count(language, results.records.length, results.total)})
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

function CompanyLine({ company, language }: { readonly company: Company; readonly language: Language }) {
  return (
    <li>
      <a href={`${company.links.html}?lang=${language}`}>{company.name}</a>{' '}
      <span class="meta">
        {message(language, 'corporateNumber')} {company.corporate_number} · {company.address.prefecture ?? ''}
        {company.address.city ?? ''}
        {company.status === 'closed'
          ? ` · ${message(language, 'closed', { on: company.closed_on ?? '', cause: company.close_cause === null ? '' : labelIn(language, company.close_cause) })}`
          : ''}
      </span>
    </li>
  );
}

export function SearchPage({ frame, results }: { readonly frame: PageFrame; readonly results: SearchResults }) {
  const { language } = frame;
  const nothing = results.companies.length === 0 && results.kinds.every((k) => k.records.length === 0);
  return (
    <Layout frame={frame}>
      <SearchForm language={language} q={frame.q} />
      <h1>{message(language, 'resultsFor', { q: frame.q ?? '' })}</h1>
      {nothing ? <CoverageNote language={language} kinds={results.kinds} /> : null}
      <section aria-labelledby="companies-heading">
        <h2 id="companies-heading">
          {message(language, 'companies')} ({count(language, results.companies.length, results.companiesTotal)})
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
        <KindSection key={kind.kind} language={language} results={kind} />
      ))}
      {nothing ? null : <CoverageNote language={language} kinds={results.kinds} />}
    </Layout>
  );
}

function Fact({ term, children }: { readonly term: string; readonly children: preact.ComponentChildren }) {
  return (
    <>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </>
  );
}

export function CompanyPageView({ frame, page }: { readonly frame: PageFrame; readonly page: CompanyPage }) {
  const { language } = frame;
  const c = page.company;
  const formerNames = c.aliases.filter((alias) => alias.kind === 'former_name');
  const address = [c.address.prefecture, c.address.city, c.address.street].filter((p) => p !== null).join('');
  return (
    <Layout frame={frame}>
      <SearchForm language={language} />
      <h1>{c.name}</h1>
      <dl class="facts">
        <Fact term={message(language, 'corporateNumber')}>{c.corporate_number}</Fact>
        {c.name_kana === null ? null : <Fact term={message(language, 'kana')}>{c.name_kana}</Fact>}
        {c.name_en === null ? null : <Fact term={message(language, 'englishName')}>{c.name_en}</Fact>}
        <Fact term={message(language, 'legalForm')}>{labelIn(language, c.legal_form)}</Fact>
        <Fact term={message(language, 'address')}>
          {language === 'en' && c.address.en !== null ? c.address.en : address}
        </Fact>
        <Fact term={message(language, 'status')}>
          {c.status === 'active'
            ? message(language, 'active')
            : message(language, 'closed', {
                on: c.closed_on ?? '',
                cause: c.close_cause === null ? '' : labelIn(language, c.close_cause),
              })}
        </Fact>
        {c.successor_corporate_number === null ? null : (
          <Fact term={message(language, 'successor')}>
            <a href={`${COMPANY_PAGE_PATH}/${c.successor_corporate_number}?lang=${language}`}>
              {c.successor_corporate_number}
            </a>
          </Fact>
        )}
        {formerNames.length === 0 ? null : (
          <Fact term={message(language, 'formerNames')}>{formerNames.map((alias) => alias.name).join('、')}</Fact>
        )}
        {c.predecessors.length === 0 ? null : (
          <Fact term={message(language, 'predecessors')}>
            <ul>
              {c.predecessors.map((p) => (
                <li key={p.corporate_number}>
                  <a href={`${COMPANY_PAGE_PATH}/${p.corporate_number}?lang=${language}`}>{p.name}</a>
                </li>
              ))}
            </ul>
          </Fact>
        )}
      </dl>
      <p>
        {frame.feed === undefined ? null : <a href={frame.feed}>{message(language, 'subscribe')}</a>} ·{' '}
        <a href={c.links.self}>{message(language, 'apiLink')}</a>
      </p>
      <h2>{message(language, 'records')}</h2>
      {page.kinds.map((kind) => (
        <KindSection key={kind.kind} language={language} results={kind} Heading="h3" />
      ))}
      {page.kinds.every((k) => k.records.length === 0) ? <CoverageNote language={language} kinds={page.kinds} /> : null}
    </Layout>
  );
}

function RecordFacts({ shown, language }: { readonly shown: ShownRecord; readonly language: Language }) {
  switch (shown.kind) {
    case 'enforcement': {
      const r = shown.record;
      return (
        <>
          <Fact term={message(language, 'law')}>
            {r.laws.map((law) => labelIn(language, law)).join('、')}
            {r.law_detail === null ? '' : `（${r.law_detail}）`}
          </Fact>
          {r.amount_jpy === null ? null : (
            <Fact term={message(language, 'amount')}>{`¥${r.amount_jpy.toLocaleString('ja-JP')}`}</Fact>
          )}
          <Fact term={message(language, 'summary')}>{language === 'en' ? r.summary_en : r.summary}</Fact>
        </>
      );
    }
    case 'procurement_suspension': {
      const r = shown.record;
      return (
        <>
          <Fact term={message(language, 'period')}>
            {r.period.from} – {r.period.to ?? message(language, 'openEnded')} ({r.status})
          </Fact>
          <Fact term={message(language, 'reason')}>
            {labelIn(language, r.reason)}
            {r.reason_detail === null ? '' : `: ${r.reason_detail}`}
          </Fact>
          {r.scope === null ? null : <Fact term={message(language, 'scope')}>{r.scope}</Fact>}
          <Fact term={message(language, 'summary')}>{r.summary_en}</Fact>
        </>
      );
    }
    case 'license_action': {
      const r = shown.record;
      return (
        <>
          <Fact term={message(language, 'sector')}>{r.sectors.map((s) => labelIn(language, s)).join('、')}</Fact>
          <Fact term={message(language, 'nature')}>{labelIn(language, r.nature)}</Fact>
          {r.period === null ? null : (
            <Fact term={message(language, 'period')}>
              {r.period.from} – {r.period.to ?? message(language, 'openEnded')}
            </Fact>
          )}
          {r.reason_detail === null ? null : <Fact term={message(language, 'reason')}>{r.reason_detail}</Fact>}
          <Fact term={message(language, 'summary')}>{r.summary_en}</Fact>
        </>
      );
    }
  }
}

export function RecordPageView({ frame, shown }: { readonly frame: PageFrame; readonly shown: ShownRecord }) {
  const { language } = frame;
  const r = shown.record;
  const listing = r.listing;
  return (
    <Layout frame={frame}>
      <SearchForm language={language} />
      <h1>
        {actionOf(shown, language)}: {r.company.name}
      </h1>
      <dl class="facts">
        <Fact term={message(language, 'recordKind')}>{message(language, RECORD_LISTS[shown.kind])}</Fact>
        <Fact term={message(language, 'company')}>
          <CompanyName shown={shown} language={language} />
          {r.company.address === null ? '' : `（${r.company.address}）`}
        </Fact>
        <Fact term={message(language, 'linkedBy')}>
          {message(language, r.company.link === null ? 'link_none' : `link_${r.company.link}`)}
        </Fact>
        <Fact term={message(language, 'authority')}>{labelIn(language, r.authority)}</Fact>
        <Fact term={message(language, 'date')}>
          <time dateTime={dateOf(shown)}>{dateOf(shown)}</time>
        </Fact>
        <Fact term={message(language, 'action')}>{actionOf(shown, language)}</Fact>
        <RecordFacts shown={shown} language={language} />
        <Fact term={message(language, 'listing')}>
          {message(language, listing.status, { first: listing.first_listed_on, last: listing.last_listed_on })}
        </Fact>
        <Fact term={message(language, 'source')}>
          <a href={r.source.url} rel="noopener noreferrer">
            {r.source.title}
          </a>
          {r.source.published_on === null ? '' : ` (${message(language, 'publishedOn')} ${r.source.published_on})`}
        </Fact>
        <Fact term={message(language, 'retrievedAt')}>{r.source.retrieved_at}</Fact>
      </dl>
      <p>
        <a href={r.links.self}>{message(language, 'apiLink')}</a>
      </p>
    </Layout>
  );
}

export function ErrorPage({
  frame,
  heading,
  body,
}: {
  readonly frame: PageFrame;
  readonly heading: string;
  readonly body: string;
}) {
  return (
    <Layout frame={frame}>
      <h1>{heading}</h1>
      <p>{body}</p>
      <SearchForm language={frame.language} />
    </Layout>
  );
}
