// How a record of any kind reads in a list and on its own page: its date, its action, its company and its authority.
import type { PresentedKinds } from '../../api/present/records.js';
import type { RecordKind } from '../../domain/records/record.js';
import { labelIn, type Language } from './language.js';
import { message } from './messages.js';
import { dayText } from './people-dates.js';
import { Sentence } from './layout.js';
import { PublisherText } from './publisher-text.js';
import { COMPANY_PAGE_PATH, SEARCH_PAGE_PATH } from '../../api/links.js';
import type { NamedElsewhereCount } from '../../api/record-endpoint.js';
import { VOCABULARIES } from '../../domain/vocabularies/index.js';

/** A presented record with its kind: one member of the union for each kind. */
export type ShownRecord = {
  readonly [K in RecordKind]: { readonly kind: K; readonly record: PresentedKinds[K] };
}[RecordKind];

/** The record's own date: the action's, or the start of a suspension. */
function dateOf(shown: ShownRecord): string {
  return shown.kind === 'procurement_suspension' ? shown.record.period.from : shown.record.date;
}

/** What was done, in the page's language. */
export function actionOf(shown: ShownRecord, language: Language): string {
  switch (shown.kind) {
    case 'enforcement':
      return labelIn(language, shown.record.action_type);
    case 'procurement_suspension':
      return message(language, 'suspensionAction', { reason: labelIn(language, shown.record.reason) });
    case 'license_action':
      return labelIn(language, shown.record.action_type);
  }
}

/** The company as the record names it, linked to its page where the record is linked to the register. */
export function CompanyName({ shown, language }: { readonly shown: ShownRecord; readonly language: Language }) {
  const { company } = shown.record;
  const english = language === 'en' && company.name_en !== null;
  const name = english ? company.name_en : company.name;
  const lang = english ? 'en' : 'ja';
  const text = <PublisherText lang={lang}>{name ?? ''}</PublisherText>;
  return company.corporate_number === null ? (
    text
  ) : (
    <a href={`${COMPANY_PAGE_PATH}/${company.corporate_number}?lang=${language}`}>{text}</a>
  );
}

/**
 * Whose record it is, so that namesakes mixed in one list are told apart: the Corporate Number it is linked to and its
 * prefecture, or that it is linked to none, with the place its publisher printed.
 */
function CompanyWhose({ shown, language }: { readonly shown: ShownRecord; readonly language: Language }) {
  const { company } = shown.record;
  const term = company.prefecture_code === null ? undefined : VOCABULARIES.prefecture.get(company.prefecture_code);
  const prefecture = term === undefined ? null : labelIn(language, term);
  if (company.corporate_number !== null) {
    return (
      <span class="whose">
        ({message(language, 'corporateNumber')} {company.corporate_number}
        {prefecture === null ? '' : ` · ${prefecture}`})
      </span>
    );
  }
  const place = company.address ?? prefecture;
  return (
    <span class="whose">
      ({message(language, 'linkedToNone')}
      {place === null ? null : (
        <>
          {' · '}
          <span lang="ja">{place}</span>
        </>
      )}
      )
    </span>
  );
}

/** One record as a line of a list: its action (a link to its page), then date, company (whose) and authority. */
export function RecordLine({ shown, language }: { readonly shown: ShownRecord; readonly language: Language }) {
  const { record } = shown;
  return (
    <li>
      <a href={`${record.links.html}?lang=${language}`}>{actionOf(shown, language)}</a>{' '}
      <span class="meta">
        {shown.kind === 'procurement_suspension' ? (
          <Sentence
            language={language}
            id="lineSuspendedFrom"
            parts={{ from: <time dateTime={dateOf(shown)}>{dayText(language, dateOf(shown))}</time> }}
          />
        ) : (
          <time dateTime={dateOf(shown)}>{dayText(language, dateOf(shown))}</time>
        )}{' '}
        · <CompanyName shown={shown} language={language} /> <CompanyWhose shown={shown} language={language} /> ·{' '}
        {labelIn(language, record.authority)}
        {record.relation === undefined || record.relation === 'linked' ? null : (
          <>
            {' · '}
            <em class="relation" data-relation={record.relation}>
              {message(language, `relation_${record.relation}`)}
            </em>
          </>
        )}
      </span>
    </li>
  );
}

/**
 * That records naming a company of this name linked to none place it elsewhere in Japan, how many, and the search of
 * the name that lists them: an answer about one company counts them but does not offer them as possibly its own.
 */
export function NamedElsewhereLine({
  language,
  named,
}: {
  readonly language: Language;
  readonly named: NamedElsewhereCount | null;
}) {
  if (named === null) return null;
  const search = `${SEARCH_PAGE_PATH}?${new URLSearchParams({ q: named.name, lang: language }).toString()}`;
  return (
    <p class="notice" role="note">
      {message(language, named.total === 1 ? 'namesakeElsewhereOne' : 'namesakeElsewhere', { total: named.total })}{' '}
      <a href={search}>{message(language, 'namesakeElsewhereSearch')}</a>
    </p>
  );
}
