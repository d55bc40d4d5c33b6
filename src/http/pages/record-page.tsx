// A record's page: what was done, to whom, by whom and when, its listing history and the publisher's source.
import { Layout, SearchForm, Sentence, type PageFrame } from './layout.js';
import { isMessageId, message } from './messages.js';
import { labelIn, type Language } from './language.js';
import { Fact } from './pages.js';
import { CompanyName, actionOf, type ShownRecord } from './record-parts.js';
import { PublisherText } from './publisher-text.js';
import { dayText, timeText } from './people-dates.js';

/** A period as a reader reads it: from a day to a day, or from a day with no end. */
function PeriodText({
  language,
  period,
}: {
  readonly language: Language;
  readonly period: { readonly from: string; readonly to: string | null };
}) {
  const from = <Day language={language} day={period.from} />;
  if (period.to === null) return <Sentence language={language} id="periodOpen" parts={{ from }} />;
  const to = <Day language={language} day={period.to} />;
  return <Sentence language={language} id="periodText" parts={{ from, to }} />;
}

/** A day as people read it, the day itself machine-readable. */
function Day({ language, day }: { readonly language: Language; readonly day: string }) {
  return <time dateTime={day}>{dayText(language, day)}</time>;
}

/**
 * The English summary the vocabularies compose (summary-en.ts), its days (YYYY-MM-DD there, as the API writes them)
 * as people read them.
 */
function EnglishSummary({ text }: { readonly text: string }) {
  // split by a pattern with one group: text at even places, a day at odd ones
  const pieces = text.split(/\b(\d{4}-\d{2}-\d{2})\b/u);
  return <>{pieces.map((piece, i) => (i % 2 === 0 ? piece : <Day key={i} language="en" day={piece} />))}</>;
}

/**
 * A record's summaries: on an English page the composed English one, and the publisher's own Japanese one beside it
 * where the record has one (an enforcement's `summary`; the other kinds' words are their reason's detail).
 */
function Summaries({
  language,
  english,
  japanese,
}: {
  readonly language: Language;
  readonly english: string | null;
  readonly japanese?: string;
}) {
  return (
    <>
      {language === 'en' && english !== null ? (
        <Fact term={message(language, 'summary')}>
          <EnglishSummary text={english} />
        </Fact>
      ) : null}
      {japanese === undefined ? null : (
        <Fact term={message(language, language === 'en' ? 'summaryOriginal' : 'summary')}>
          <Japanese>{japanese}</Japanese>
        </Fact>
      )}
    </>
  );
}

/** A record's status (a suspension in force, a licence action completed) in the reader's words. */
function statusText(language: Language, status: string): string {
  const id = `status_${status}`;
  return isMessageId(id) ? message(language, id) : status;
}

/** Text of the source, in Japanese: marked so on an English page, and isolated from the page's own words. */
const Japanese = PublisherText;

function RecordFacts({ shown, language }: { readonly shown: ShownRecord; readonly language: Language }) {
  switch (shown.kind) {
    case 'enforcement': {
      const r = shown.record;
      return (
        <>
          <Fact term={message(language, 'actionDate')}>
            <Day language={language} day={r.date} />
          </Fact>
          <Fact term={message(language, 'law')}>
            {r.laws.map((law) => labelIn(language, law)).join(language === 'ja' ? '、' : ', ')}
            {r.law_detail === null ? '' : ' '}
            {r.law_detail === null ? null : <Japanese>{`（${r.law_detail}）`}</Japanese>}
          </Fact>
          {r.amount_jpy === null ? null : (
            <Fact term={message(language, 'amount')}>{`¥${r.amount_jpy.toLocaleString('ja-JP')}`}</Fact>
          )}
          <Summaries language={language} english={r.summary_en} japanese={r.summary} />
        </>
      );
    }
    case 'procurement_suspension': {
      const r = shown.record;
      return (
        <>
          <Fact term={message(language, 'suspendedFrom')}>
            <PeriodText language={language} period={r.period} /> ({statusText(language, r.status)})
          </Fact>
          <Fact term={message(language, 'reason')}>
            {labelIn(language, r.reason)}
            {r.reason_detail === null ? null : (
              <>
                : <Japanese>{r.reason_detail}</Japanese>
              </>
            )}
          </Fact>
          {r.scope === null ? null : (
            <Fact term={message(language, 'scope')}>
              <Japanese>{r.scope}</Japanese>
            </Fact>
          )}
          <Summaries language={language} english={r.summary_en} />
        </>
      );
    }
    case 'license_action': {
      const r = shown.record;
      return (
        <>
          <Fact term={message(language, 'actionDate')}>
            <Day language={language} day={r.date} />
          </Fact>
          <Fact term={message(language, 'sector')}>
            {r.sectors.map((s) => labelIn(language, s)).join(language === 'ja' ? '、' : ', ')}
          </Fact>
          <Fact term={message(language, 'nature')}>{labelIn(language, r.nature)}</Fact>
          {r.period === null ? null : (
            <Fact term={message(language, 'period')}>
              <PeriodText language={language} period={r.period} /> ({statusText(language, r.status)})
            </Fact>
          )}
          {r.reason_detail === null ? null : (
            <Fact term={message(language, 'reason')}>
              <Japanese>{r.reason_detail}</Japanese>
            </Fact>
          )}
          <Summaries language={language} english={r.summary_en} />
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
        {actionOf(shown, language)}: <PublisherText>{r.company.name}</PublisherText>
      </h1>
      <dl class="facts">
        <Fact term={message(language, 'recordKind')}>{message(language, `one_${shown.kind}`)}</Fact>
        <Fact term={message(language, 'company')}>
          <CompanyName shown={shown} language={language} />
          {r.company.address === null ? null : <Japanese>{`（${r.company.address}）`}</Japanese>}
        </Fact>
        <Fact term={message(language, 'linkedBy')}>
          {message(language, r.company.link === null ? 'link_none' : `link_${r.company.link}`)}
        </Fact>
        <Fact term={message(language, 'authority')}>{labelIn(language, r.authority)}</Fact>
        <Fact term={message(language, 'action')}>{actionOf(shown, language)}</Fact>
        <RecordFacts shown={shown} language={language} />
        <Fact term={message(language, 'listing')}>
          <Sentence
            language={language}
            id={listing.status}
            parts={{
              first: <Day language={language} day={listing.first_listed_on} />,
              last: <Day language={language} day={listing.last_listed_on} />,
            }}
          />
        </Fact>
        <Fact term={message(language, 'source')}>
          <a href={r.source.url} rel="noopener noreferrer">
            <PublisherText>{r.source.title}</PublisherText>
          </a>
          {r.source.published_on === null ? null : (
            <>
              {' '}
              ({message(language, 'publishedOn')} <Day language={language} day={r.source.published_on} />)
            </>
          )}
        </Fact>
        <Fact term={message(language, 'retrievedAt')}>
          <time dateTime={r.source.retrieved_at}>{timeText(language, r.source.retrieved_at)}</time>
        </Fact>
      </dl>
      <p>
        <a href={r.links.self}>{message(language, 'apiLink')}</a>
      </p>
    </Layout>
  );
}
