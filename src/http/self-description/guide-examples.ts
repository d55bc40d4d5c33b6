// The guide's example calls and answers: calls about what a dataset holds (guidePicks), answered by the endpoints'
// own answer functions, so that every example call answers with rows; and how a call is written, as a person reads
// it and as it is sent. Where no dataset is open, the guide shows the demo's, written by `npm run openapi:examples`.
import type { Store } from '../../store/read/store.js';
import type { DatasetMeta } from '../../store/schema/database.js';
import type { RouteContext } from '../../api/endpoint.js';
import { DOCUMENTS, endpointAt } from '../../api/catalogue.js';
import { MAX_DATE_RANGE_DAYS } from '../../domain/records/filter-names.js';
import { isObject, isRecord, propertyOf } from '../../lib/is-object.js';
import {
  COMPANIES_PATH,
  COMPANY_PAGE_PATH,
  RECORD_PAGE_PATH,
  RECORD_PATHS,
  SEARCH_PAGE_PATH,
} from '../../api/links.js';

/** An example call: the path and its query parameters, in order, as a person writes them. */
export interface ExampleCall {
  readonly path: string;
  readonly params: readonly (readonly [string, string])[];
}

interface EndpointExample {
  readonly call: ExampleCall;
  /** The answer, or null where the text describes it instead. */
  readonly answer: unknown;
  /** What the example leaves out. */
  readonly abridged?: string;
  /** Where the answer comes from: the dataset's rows, or what every dataset answers alike. */
  readonly source: 'dataset' | 'fixed';
}

/** The examples a guide shows, and the dataset that answered them. */
export interface GuideExamples {
  readonly dataset: DatasetMeta;
  /** `served`: the dataset this server serves; `demo`: the demo's, shown while no dataset is open. */
  readonly from: 'served' | 'demo';
  readonly examples: Readonly<Record<string, EndpointExample>>;
}

/**
 * What `npm run openapi:examples` (demo/document-examples.ts) writes from the demo dataset into
 * src/http/self-description/document-examples.generated.ts: the OpenAPI document's example answer of each operation, by route, and the
 * guide's examples.
 */
export interface DocumentExamples {
  readonly openapi: Readonly<Record<string, unknown>>;
  /** An example of each parameter of each operation, by route and name: values its example answer holds. */
  readonly parameters: Readonly<Record<string, Readonly<Record<string, string>>>>;
  readonly guide: Omit<GuideExamples, 'from'>;
}

/**
 * The call as a person reads it: values as they are, but for what could end the code span it stands in, start a
 * line, reorder the line or be read as another parameter (controls, line ends, direction marks, '`', '%', '&', '#',
 * '+'), which are percent-encoded: a value is the dataset's, never the guide's words.
 */
export function readableCall(call: ExampleCall): string {
  return joinCall(call, (value) => value.replace(/[\p{C}\p{Zl}\p{Zp}`%&#+]/gu, encodeURIComponent));
}

/** The call as it is sent: values percent-encoded as UTF-8, `!'()*` too, so that it can stand in a Markdown link. */
export function encodedCall(call: ExampleCall): string {
  return joinCall(call, percentEncoded);
}

/** RFC 3986's encoding of a query value, which encodeURIComponent leaves short of by `!'()*`. */
function percentEncoded(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/gu, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

function joinCall(call: ExampleCall, encode: (value: string) => string): string {
  if (call.params.length === 0) return call.path;
  return `${call.path}?${call.params.map(([name, value]) => `${name}=${encode(value)}`).join('&')}`;
}

/** The request id example answers carry: they answer no request. */
const EXAMPLE_REQUEST_ID = '00000000-0000-4000-8000-000000000000';
const ONE_ROW = 'one row per list';

type Params = Record<string, string | number>;
type Examples = Record<string, EndpointExample>;

/** The examples for `store`; an endpoint whose kind of record the dataset does not hold has none. */
export function guideExamples(context: RouteContext, store: Store): GuideExamples {
  // answered by the endpoint's own answer function, over this store
  const over: RouteContext = { config: context.config, clock: context.clock, dataset: () => store };
  const examples: Examples = {};
  const add = (path: string, params: Params, options: AddOptions = {}) => {
    examples[path] = answered(over, path, params, options);
  };
  askAboutPicks(store.guidePicks, add);
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
  add(
    '/api/v1/procurement-suspension-coverage',
    {},
    { abridged: 'the first entry; the real answer has one for each publisher group' },
  );
  add(
    '/api/v1/coverage',
    {},
    { abridged: 'the first source; the real answer lists every source of every record kind' },
  );
  add('/api/v1/vocabularies', {}, { abridged: TWO_VOCABULARIES, cut: twoVocabularies, source: 'fixed' });
  add('/health', {}, { cut: (answer) => answer, source: 'fixed' });
  Object.assign(examples, documentExamples(examples, store.guidePicks.company?.name ?? null));
  return { dataset: store.meta, from: 'served', examples };
}

interface AddOptions {
  readonly abridged?: string;
  /** What of the answer the example shows; every list cut to its first row unless said otherwise. */
  readonly cut?: (answer: unknown) => unknown;
  readonly source?: EndpointExample['source'];
}

/** The example of `path` (an address's parameters are segments of its path, `/x/{id}`), answered over `over`. */
function answered(over: RouteContext, path: string, params: Params, options: AddOptions): EndpointExample {
  const inPath = new Set<string>();
  const concrete = path.replace(/\{(\w+)\}/gu, (_, name: string) => {
    inPath.add(name);
    return percentEncoded(String(params[name] ?? ''));
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
  return {
    call,
    answer: (options.cut ?? firstRows)(answer),
    ...(options.abridged === undefined ? {} : { abridged: options.abridged }),
    source: options.source ?? 'dataset',
  };
}

/** The calls about the rows the dataset holds: a company and its records, a record of each kind. */
function askAboutPicks(picks: Store['guidePicks'], add: (path: string, params: Params, options?: AddOptions) => void) {
  const oneRow = { abridged: ONE_ROW };
  if (picks.company !== null) {
    const { name, corporateNumber, lawCode } = picks.company;
    add('/api/v1/search', { q: name, limit: 4 }, oneRow);
    add('/api/v1/companies', { q: corporateNumber }, oneRow);
    add('/api/v1/companies/{corporate_number}', { corporate_number: corporateNumber });
    if (lawCode !== null) add('/api/v1/enforcements', { corporate_number: corporateNumber, law: lawCode }, oneRow);
  }
  if ((picks.company?.lawCode ?? null) === null && picks.enforcementLaw !== null)
    add('/api/v1/enforcements', { law: picks.enforcementLaw, limit: 3 }, oneRow);
  if (picks.suspension !== null) {
    const query = { company: picks.suspension.companyName, reason: picks.suspension.reasonCode };
    add('/api/v1/procurement-suspensions', query, oneRow);
  }
  if (picks.licenseAction !== null) {
    const { sectorCode, nature, date } = picks.licenseAction;
    const query = { sector: sectorCode, nature, from: shiftDays(date, -(MAX_DATE_RANGE_DAYS - 1)), to: date, limit: 5 };
    add('/api/v1/license-actions', query, oneRow);
  }
}

/**
 * The documents' calls, answered by no example: each document at its path, the search page for the company the
 * examples ask about, the pages for people at the company and the record the addresses' examples show.
 */
function documentExamples(examples: Examples, companyName: string | null): Examples {
  const documents: Examples = {};
  const fixed = (path: string, params: ExampleCall['params'] = []): EndpointExample => ({
    call: { path, params },
    answer: null,
    source: 'fixed',
  });
  for (const { path } of DOCUMENTS) if (!path.includes('{')) documents[path] = fixed(path);
  if (companyName !== null) documents[SEARCH_PAGE_PATH] = fixed(SEARCH_PAGE_PATH, [['q', companyName]]);
  for (const [page, address, api, html] of [
    [
      `${COMPANY_PAGE_PATH}/{corporate_number}`,
      `${COMPANIES_PATH}/{corporate_number}`,
      COMPANIES_PATH,
      COMPANY_PAGE_PATH,
    ],
    [`${RECORD_PAGE_PATH}/{id}`, `${RECORD_PATHS.enforcement}/{id}`, RECORD_PATHS.enforcement, RECORD_PAGE_PATH],
  ] as const) {
    const shown = examples[address]?.call.path;
    if (shown !== undefined) documents[page] = fixed(shown.replace(api, html));
  }
  return documents;
}

/** The answer of an endpoint that answers data: `data`, then `meta`. */
interface DataAnswer {
  readonly data: object;
  readonly meta: unknown;
}

function isDataAnswer(answer: unknown): answer is DataAnswer {
  return isRecord(answer) && isObject(answer.data) && 'meta' in answer;
}

/** Every list of `data` cut to its first row; `meta` as answered. */
function firstRows(answer: unknown): unknown {
  if (!isDataAnswer(answer)) throw new Error('an example answer holds `data` and `meta`');
  const { data, meta } = answer;
  return {
    data: Object.fromEntries(
      Object.entries(data).map(([key, value]) => [key, Array.isArray(value) ? value.slice(0, 1) : value]),
    ),
    meta,
  };
}

const TWO_VOCABULARIES = 'two of the vocabularies, the first terms of each';

/** The vocabularies' answer cut to the publisher groups' first two terms and the natures' first three. */
function twoVocabularies(answer: unknown): unknown {
  if (!isDataAnswer(answer)) throw new Error('the vocabularies answer holds `data` and `meta`');
  const vocabularies = propertyOf(answer.data, 'vocabularies');
  const first = (name: string, n: number): readonly unknown[] => {
    const terms: unknown = propertyOf(vocabularies, name);
    return Array.isArray(terms) ? terms.slice(0, n) : [];
  };
  return {
    data: { vocabularies: { publisher_group: first('publisher_group', 2), nature: first('nature', 3) } },
    meta: answer.meta,
  };
}

function shiftDays(date: string, days: number): string {
  const instant = new Date(`${date}T00:00:00Z`);
  instant.setUTCDate(instant.getUTCDate() + days);
  return instant.toISOString().slice(0, 10);
}
