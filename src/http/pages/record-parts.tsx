// How a record of any kind reads in a list and on its own page: its date, its action, its company and its authority.
import type { Enforcement, LicenseAction, ProcurementSuspension } from '../../api/schemas/records.js';
import { labelIn, type Language } from './language.js';
import { message } from './messages.js';
import { COMPANY_PAGE_PATH } from '../../api/links.js';

export type ShownRecord =
  | { readonly kind: 'enforcement'; readonly record: Enforcement }
  | { readonly kind: 'procurement_suspension'; readonly record: ProcurementSuspension }
  | { readonly kind: 'license_action'; readonly record: LicenseAction };

/** The record's own date: the action's, or the start of a suspension. */
export function dateOf(shown: ShownRecord): string {
  return shown.kind === 'procurement_suspension' ? shown.record.period.from : shown.record.date;
}

/** What was done, in the page's language. */
export function actionOf(shown: ShownRecord, language: Language): string {
  switch (shown.kind) {
    case 'enforcement':
      return labelIn(language, shown.record.action_type);
    case 'procurement_suspension':
      return `${message(language, 'procurement_suspensions')}: ${labelIn(language, shown.record.reason)}`;
    case 'license_action':
      return labelIn(language, shown.record.action_type);
  }
}

/** The company as the record names it, linked to its page where the record is linked to the register. */
export function CompanyName({ shown, language }: { readonly shown: ShownRecord; readonly language: Language }) {
  const { company } = shown.record;
  const name = language === 'en' && company.name_en !== null ? company.name_en : company.name;
  return company.corporate_number === null ? (
    <span>{name}</span>
  ) : (
    <a href={`${COMPANY_PAGE_PATH}/${company.corporate_number}?lang=${language}`}>{name}</a>
  );
}

/** One record as a line of a list: its action (a link to its page), then date, company and authority. */
export function RecordLine({ shown, language }: { readonly shown: ShownRecord; readonly language: Language }) {
  const { record } = shown;
  return (
    <li>
      <a href={`${record.links.html}?lang=${language}`}>{actionOf(shown, language)}</a>{' '}
      <span class="meta">
        <time dateTime={dateOf(shown)}>{dateOf(shown)}</time> · <CompanyName shown={shown} language={language} /> ·{' '}
        {labelIn(language, record.authority)}
      </span>
    </li>
  );
}
