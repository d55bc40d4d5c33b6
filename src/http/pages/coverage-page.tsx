// The page /coverage: every source the searches read, kind by kind, with its publisher, when it was last collected,
// the edition of its list held and its state; what a person needs to judge what an empty answer did not search.
import { Layout, type PageFrame } from './layout.js';
import { message } from './messages.js';
import type { Language } from './language.js';
import { KindCoverageLine } from './coverage-parts.js';
import { dayText, timeText } from './people-dates.js';
import type { SourcesPage } from './page-data.js';
import type { SourceCoverage } from '../../domain/source-coverage.js';
import { notCurrentState } from '../../domain/coverage.js';
import { RECORD_LISTS } from '../../domain/records/record.js';

function SourceRow({
  source,
  language,
  page,
}: {
  readonly source: SourceCoverage;
  readonly language: Language;
  readonly page: SourcesPage;
}) {
  const state = notCurrentState(source, page.now, page.freshHours) ?? 'fresh';
  return (
    <tr class={state === 'fresh' ? undefined : 'lagging'}>
      <th scope="row">
        <span lang="ja">{source.publisher.name}</span>
        {language === 'en' ? <span class="meta">{source.publisher.name_en}</span> : null}
      </th>
      <td>
        <a href={source.url} rel="noopener noreferrer" lang="ja">
          {source.title}
        </a>
      </td>
      <td>
        {source.last_success_at === null ? (
          message(language, 'never')
        ) : (
          <time dateTime={source.last_success_at}>{timeText(language, source.last_success_at)}</time>
        )}
      </td>
      <td>
        {source.edition_on === null ? (
          message(language, 'never')
        ) : (
          <time dateTime={source.edition_on}>{dayText(language, source.edition_on)}</time>
        )}
      </td>
      <td>{message(language, `state_${state}`)}</td>
      <td class="number">{source.observed_count}</td>
    </tr>
  );
}

export function CoveragePageView({ frame, page }: { readonly frame: PageFrame; readonly page: SourcesPage }) {
  const { language } = frame;
  return (
    <Layout frame={frame}>
      <h1>{message(language, 'coverageTitle')}</h1>
      <p>{message(language, 'coverageIntro')}</p>
      {page.kinds.map(({ kind, coverage }) => {
        const list = RECORD_LISTS[kind];
        const sources = page.sources.filter((source) => source.record_kind === kind);
        return (
          <section key={kind} aria-labelledby={`${list}-sources`}>
            <h2 id={`${list}-sources`}>{message(language, list)}</h2>
            <p>
              <KindCoverageLine language={language} kind={kind} coverage={coverage} />
            </p>
            <div class="table">
              <table>
                <thead>
                  <tr>
                    <th scope="col">{message(language, 'publisher')}</th>
                    <th scope="col">{message(language, 'source')}</th>
                    <th scope="col">{message(language, 'lastSuccess')}</th>
                    <th scope="col">{message(language, 'edition')}</th>
                    <th scope="col">{message(language, 'state')}</th>
                    <th scope="col">{message(language, 'recordsHeld')}</th>
                  </tr>
                </thead>
                <tbody>
                  {sources.map((source) => (
                    <SourceRow key={source.id} source={source} language={language} page={page} />
                  ))}
                </tbody>
              </table>
            </div>
          </section>
        );
      })}
    </Layout>
  );
}
