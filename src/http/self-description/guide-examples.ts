// The guide's examples for the dataset being served: calls about what the dataset holds (guidePicks), answered
// by the endpoints' own answer functions, so that every example call answers with rows.
import type { Store } from '../../store/store.js';
import type { RouteContext } from '../../api/endpoint.js';
import type { EndpointExample, ExampleCall } from './guide-example-call.js';
import { EXAMPLES } from './guide-fictional-examples.js';
import { endpointAt } from '../../api/catalogue.js';
import { MAX_DATE_RANGE_DAYS } from '../../domain/records/record-filters.js';
import { isObject, isRecord, propertyOf } from '../../domain/is-object.js';
import { COMPANIES_PATH, COMPANY_PAGE_PATH, RECORD_PAGE_PATH, RECORD_PATHS } from '../../api/links.js';

/** The request id example answers carry: they answer no request. */
const EXAMPLE_REQUEST_ID = '00000000-0000-4000-8000-000000000000';
const ONE_ROW = 'one row per list';

type Params = Record<string, string | number>;

/** The examples for `store`; an endpoint whose kind of record the dataset does not hold has none. */
export function guideExamples(context: RouteContext, store: Store): Readonly<Record<string, EndpointExample>> {
  const picks = store.guidePicks;
  const examples: Record<string, EndpointExample> = Object.fromEntries(
    Object.entries(EXAMPLES).filter(([path]) => !FROM_DATASET.has(path)),
  );
  // answered by the endpoint's own answer function, over this store
  const over: RouteContext = { config: context.config, clock: context.clock, dataset: () => store };
  const add = (path: string, params: Params, abridged?: string) => {
    // an address's parameters are segments of its path (`/x/{id}`), the others its query string
    const inPath = new Set<string>();
    const concrete = path.replace(/\{(\w+)\}/gu, (_, name: string) => {
      inPath.add(name);
      return encodeURIComponent(String(params[name] ?? ''));
    });
    const call: ExampleCall = {
      path: concrete,
      params: Object.entries(params)
        .filter(([name]) => !inPath.has(name))
        .map(([name, value]): [string, string] => [name, String(value)]),
    };
    const endpoint = endpointAt(path);
    if (endpoint === undefined) throw new Error(`no endpoint answers ${path}`);
    const answer = endpoint.answer(over, params, EXAMPLE_REQUEST_ID);
    examples[path] = {
      call,
      answer: abridge(answer),
      ...(abridged === undefined ? {} : { abridged }),
      source: 'dataset',
    };
  };
  if (picks.company !== null) {
    const { name, corporateNumber, lawCode } = picks.company;
    add('/api/v1/search', { q: name, limit: 4 }, ONE_ROW);
    add('/api/v1/companies', { q: corporateNumber }, ONE_ROW);
    add('/api/v1/companies/{corporate_number}', { corporate_number: corporateNumber });
    if (lawCode !== null) {
      const query = { corporate_number: corporateNumber, law: lawCode };
      add('/api/v1/enforcements', query, ONE_ROW);
    }
  }
  if (examples['/api/v1/enforcements'] === undefined && picks.enforcementLaw !== null) {
    const query = { law: picks.enforcementLaw, limit: 3 };
    add('/api/v1/enforcements', query, ONE_ROW);
  }
  if (picks.suspension !== null) {
    const query = { company: picks.suspension.companyName, reason: picks.suspension.reasonCode };
    add('/api/v1/procurement-suspensions', query, ONE_ROW);
  }
  if (picks.licenseAction !== null) {
    const { sectorCode, nature, date } = picks.licenseAction;
    const query = { sector: sectorCode, nature, from: shiftDays(date, -(MAX_DATE_RANGE_DAYS - 1)), to: date, limit: 5 };
    add('/api/v1/license-actions', query, ONE_ROW);
  }
  // each record kind's address, with the id of the record its list's example shows
  for (const [list, path] of [
    ['enforcements', RECORD_PATHS.enforcement],
    ['procurement_suspensions', RECORD_PATHS.procurement_suspension],
    ['license_actions', RECORD_PATHS.license_action],
  ] as const) {
    const shown = propertyOf(propertyOf(examples[path]?.answer, 'data'), list);
    const id = propertyOf(Array.isArray(shown) ? shown[0] : undefined, 'id');
    if (typeof id === 'string') add(`${path}/{id}`, { id });
  }
  // the pages for people at the company and the record the addresses' examples show
  for (const [page, address, api, html] of [
    ['/companies/{corporate_number}', '/api/v1/companies/{corporate_number}', COMPANIES_PATH, COMPANY_PAGE_PATH],
    ['/records/{id}', `${RECORD_PATHS.enforcement}/{id}`, RECORD_PATHS.enforcement, RECORD_PAGE_PATH],
  ] as const) {
    const shown = examples[address]?.call.path;
    if (shown === undefined) delete examples[page];
    else examples[page] = { call: { path: shown.replace(api, html), params: [] }, answer: null, source: 'dataset' };
  }
  add(
    '/api/v1/procurement-suspension-coverage',
    {},
    'the first entry; the real answer has one for each publisher group',
  );
  add('/api/v1/coverage', {}, 'the first source; the real answer lists every source of every record kind');
  return examples;
}

/** The endpoints whose examples come from the dataset (none where it holds nothing to ask about); the others keep theirs. */
const FROM_DATASET: ReadonlySet<string> = new Set([
  '/api/v1/search',
  '/api/v1/companies',
  '/api/v1/companies/{corporate_number}',
  '/api/v1/enforcements/{id}',
  '/api/v1/procurement-suspensions/{id}',
  '/api/v1/license-actions/{id}',
  '/api/v1/enforcements',
  '/api/v1/procurement-suspensions',
  '/api/v1/license-actions',
  '/api/v1/procurement-suspension-coverage',
  '/api/v1/coverage',
]);

/** The answer of an endpoint that answers data: `data`, then `meta`. */
interface DataAnswer {
  readonly data: object;
  readonly meta: unknown;
}

function isDataAnswer(answer: unknown): answer is DataAnswer {
  return isRecord(answer) && isObject(answer.data) && 'meta' in answer;
}

/** Every list of `data` cut to its first row; `meta` as answered. */
function abridge(answer: unknown): unknown {
  if (!isDataAnswer(answer)) throw new Error('an example answer holds `data` and `meta`');
  const { data, meta } = answer;
  return {
    data: Object.fromEntries(
      Object.entries(data).map(([key, value]) => [key, Array.isArray(value) ? value.slice(0, 1) : value]),
    ),
    meta,
  };
}

function shiftDays(date: string, days: number): string {
  const instant = new Date(`${date}T00:00:00Z`);
  instant.setUTCDate(instant.getUTCDate() + days);
  return instant.toISOString().slice(0, 10);
}
