// What an error page says to a person: a heading by the answer's status, and a sentence by what went wrong (the
// Corporate Number, the record, the page number), never the API's message, which names parameters for programs.
import type { ApiError } from '../../api/errors.js';
import { MAX_TEXT_LENGTH } from '../../domain/records/filter-names.js';
import { COMPANY_PAGE_PATH, RECORD_PAGE_PATH } from '../../api/links.js';
import { message, type MessageId } from './messages.js';
import type { Language } from './language.js';
import { timeText } from './people-dates.js';

export function errorHeading(language: Language, error: ApiError): string {
  if (error.status === 404) return message(language, 'notFoundTitle');
  if (error.status === 429) return message(language, 'limitedTitle');
  return message(language, error.status < 500 ? 'badRequestTitle' : 'errorTitle');
}

/** What the page the error answers for is: the route it matched, as the router writes it. */
interface ErrorSetting {
  readonly now: Date;
  readonly route: string;
  readonly maxPage: number;
}

/** The sentence of a refusal of the client's: which part of what was asked could not be answered. */
const BAD_PARAMETER: Readonly<Record<string, MessageId>> = {
  corporate_number: 'badCorporateNumber',
  q: 'tooLong',
  kind: 'badKind',
  page: 'badPage',
};

export function errorBody(language: Language, error: ApiError, setting: ErrorSetting): string {
  const retry = error.details?.retry_after;
  if (error.status === 429 && retry !== undefined) {
    const at = timeText(language, setting.now.getTime() + retry * 1000);
    return message(language, 'limitedBody', { at, wait: waitOf(language, retry) });
  }
  if (error.status >= 500) return message(language, 'errorBody');
  if (error.status === 404) {
    if (setting.route.startsWith(`${COMPANY_PAGE_PATH}/`)) return message(language, 'noSuchCompany');
    if (setting.route.startsWith(`${RECORD_PAGE_PATH}/`)) return message(language, 'noSuchRecord');
    return message(language, 'noSuchPage');
  }
  const parameter = error.details?.parameter;
  const id = typeof parameter === 'string' ? BAD_PARAMETER[parameter] : undefined;
  return id === undefined
    ? message(language, 'badRequestBody')
    : message(language, id, { max: id === 'badPage' ? setting.maxPage : MAX_TEXT_LENGTH });
}

function waitOf(language: Language, seconds: number): string {
  if (seconds < 120) return message(language, 'seconds', { n: seconds });
  if (seconds < 7200) return message(language, 'minutes', { n: Math.ceil(seconds / 60) });
  return message(language, 'hours', { n: Math.ceil(seconds / 3600) });
}
