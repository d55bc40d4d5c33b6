// A company's page: its profile, its records by kind as `company=` lists them (its own first, then those naming it
// linked to none, each labelled), what was searched, and when and from which dataset the page answered: printed, it is a screening record an analyst can file.
import { Layout, SearchForm, type PageFrame } from './layout.js';
import { message } from './messages.js';
import { labelIn, type Language } from './language.js';
import { Fact } from './pages.js';
import { NamedElsewhereLine } from './record-parts.js';
import { CoverageStatement } from './coverage-parts.js';
import { KindSection, SuccessorLink, closedText, kindPageAddress } from './search-pages.js';
import { dayText, timeText } from './people-dates.js';
import type { CompanyPage } from './page-data.js';
import type { Company } from '../../api/schemas/company.js';
import { COMPANY_PAGE_PATH } from '../../api/links.js';
import { PublisherText } from './publisher-text.js';

function CompanyFacts({ c, language }: { readonly c: Company; readonly language: Language }) {
  const formerNames = c.aliases.filter((alias) => alias.kind === 'former_name');
  const address = [c.address.prefecture, c.address.city, c.address.street].filter((p) => p !== null).join('');
  const english = language === 'en' && c.address.en !== null;
  return (
    <dl class="facts">
      <Fact term={message(language, 'corporateNumber')}>{c.corporate_number}</Fact>
      {c.name_kana === null ? null : (
        <Fact term={message(language, 'kana')}>
          <span lang="ja">{c.name_kana}</span>
        </Fact>
      )}
      {c.name_en === null ? null : <Fact term={message(language, 'englishName')}>{c.name_en}</Fact>}
      <Fact term={message(language, 'legalForm')}>{labelIn(language, c.legal_form)}</Fact>
      <Fact term={message(language, 'address')}>{english ? c.address.en : <span lang="ja">{address}</span>}</Fact>
      <Fact term={message(language, 'status')}>
        {c.status === 'active' ? message(language, 'active') : closedText(language, c)}
      </Fact>
      {c.successor_corporate_number === null ? null : (
        <Fact term={message(language, 'successor')}>
          <a href={`${COMPANY_PAGE_PATH}/${c.successor_corporate_number}?lang=${language}`}>
            {c.successor_corporate_number}
          </a>
        </Fact>
      )}
      {formerNames.length === 0 ? null : (
        <Fact term={message(language, 'formerNames')}>
          <span lang="ja">{formerNames.map((alias) => alias.name).join('、')}</span>
        </Fact>
      )}
      {c.predecessors.length === 0 ? null : (
        <Fact term={message(language, 'predecessors')}>
          <ul>
            {c.predecessors.map((p) => (
              <li key={p.corporate_number}>
                <a href={`${COMPANY_PAGE_PATH}/${p.corporate_number}?lang=${language}`} lang="ja">
                  {p.name}
                </a>
              </li>
            ))}
          </ul>
        </Fact>
      )}
    </dl>
  );
}

/** A closed company says so first, with its successor: the records of a business may go on under another number. */
function ClosedNotice({ c, language }: { readonly c: Company; readonly language: Language }) {
  if (c.status !== 'closed') return null;
  return (
    <p class="notice" role="note">
      {message(language, 'closedNotice', {
        on: c.closed_on === null ? '—' : dayText(language, c.closed_on),
        cause: c.close_cause === null ? '—' : labelIn(language, c.close_cause),
      })}
      <SuccessorLink language={language} company={c} before=" " />
    </p>
  );
}

export function CompanyPageView({ frame, page }: { readonly frame: PageFrame; readonly page: CompanyPage }) {
  const { language } = frame;
  const c = page.company;
  return (
    <Layout frame={frame}>
      <SearchForm language={language} />
      <h1>
        <PublisherText>{c.name}</PublisherText>
      </h1>
      <ClosedNotice c={c} language={language} />
      <CompanyFacts c={c} language={language} />
      <p>
        {frame.feed === undefined ? null : <a href={frame.feed}>{message(language, 'subscribe')}</a>} ·{' '}
        <a href={c.links.self}>{message(language, 'apiLink')}</a>
      </p>
      <h2>{message(language, 'records')}</h2>
      {page.kinds.map((kind) => (
        <KindSection
          key={kind.kind}
          language={language}
          results={kind}
          more={kindPageAddress(c.corporate_number, kind.kind, 1, language)}
          Heading="h3"
        />
      ))}
      {page.kinds.some((kind) => kind.records.some((shown) => shown.record.relation === 'named')) ? (
        <p class="muted">{message(language, 'unlinkedWhy')}</p>
      ) : null}
      <NamedElsewhereLine language={language} named={page.namedElsewhere} />
      <CoverageStatement language={language} kinds={page.kinds} />
      <section aria-labelledby="answer-heading" class="answer">
        <h2 id="answer-heading">{message(language, 'screeningRecord')}</h2>
        <dl class="facts">
          <Fact term={message(language, 'answeredAt')}>
            <time dateTime={page.answeredAt}>{timeText(language, page.answeredAt)}</time>
          </Fact>
          <Fact term={message(language, 'datasetVersion')}>
            <time dateTime={page.datasetVersion}>{timeText(language, page.datasetVersion)}</time>
          </Fact>
        </dl>
      </section>
    </Layout>
  );
}
