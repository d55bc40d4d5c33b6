// The pages for people: GET /search (with `kind` and `page`, one kind's matches page by page), /companies/{number},
// /records/{id}, /coverage and the HTML of GET /. Each page is counted, refused and logged like the API request it
// stands for (`countedAs`), and its errors are pages too.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RouteContext } from '../../api/endpoint.js';
import { ApiError } from '../../api/errors.js';
import { COMPANY_PAGE_PATH, COVERAGE_PAGE_PATH, RECORD_PAGE_PATH, SEARCH_PAGE_PATH } from '../../api/links.js';
import { SEARCH } from '../../api/endpoints/search.js';
import { LANDING_LINKS, documentAt, routeAccounting } from '../../api/catalogue.js';
import { MAX_TEXT_LENGTH } from '../../domain/records/filter-names.js';
import { RECORD_KINDS, RECORD_LISTS, type RecordKind } from '../../domain/records/record.js';
import { pageLanguage, type Language } from '../pages/language.js';
import { message } from '../pages/messages.js';
import {
  companyPage,
  recordPage,
  searchCompaniesResults,
  searchKindResults,
  searchResults,
  sourcesPage,
} from '../pages/page-data.js';
import { ErrorPage, HomePage, pageHtml } from '../pages/pages.js';
import { CompaniesPageView, KindPageView, SearchPage } from '../pages/search-pages.js';
import { CompanyPageView } from '../pages/company-page.js';
import { RecordPageView } from '../pages/record-page.js';
import { CoveragePageView } from '../pages/coverage-page.js';
import { errorBody, errorHeading } from '../pages/error-words.js';
import type { PageFrame } from '../pages/layout.js';
import { apiErrorOf, noteErrorCode } from '../hooks/error-handler.js';

const HTML = 'text/html; charset=utf-8';

/** The parameters a page reads; anything else in its address is ignored, as a browser's extra parameters are. */
export interface PageRequest {
  Querystring: {
    readonly q?: unknown;
    readonly lang?: unknown;
    readonly kind?: unknown;
    readonly page?: unknown;
  };
  Params: { readonly corporate_number?: string; readonly id?: string };
}

function languageOf(request: FastifyRequest<PageRequest>): Language {
  return pageLanguage(request.query.lang, request.headers['accept-language']);
}

/** A page's language follows Accept-Language: a cache must keep each apart. */
function varyByLanguage(reply: FastifyReply): void {
  void reply.header('Vary', 'Accept-Language');
}

/**
 * The path of the route a request matched, its parameters filled in: never the request target as sent, which in
 * absolute form (`GET http://elsewhere/search`) names a host of the client's choosing.
 */
function routedPath(request: FastifyRequest<PageRequest>): string {
  const route = request.routeOptions.url ?? '/';
  const params: Readonly<Record<string, string | undefined>> = request.params;
  return route.replace(/:(\w+)/gu, (_, name: string) => encodeURIComponent(params[name] ?? ''));
}

/** The parameters of the page's own that its links keep: what was searched, and which kind and page. */
const KEPT_PARAMETERS = ['q', 'kind', 'page'] as const;

function frameOf(
  request: FastifyRequest<PageRequest>,
  context: RouteContext,
  title: string,
  extra: Partial<PageFrame> = {},
): PageFrame {
  const kept = new URLSearchParams();
  for (const name of KEPT_PARAMETERS) {
    const value = request.query[name];
    if (typeof value === 'string') kept.set(name, value);
  }
  const q = typeof request.query.q === 'string' ? request.query.q : undefined;
  const query = kept.toString();
  return {
    language: languageOf(request),
    title,
    here: query === '' ? routedPath(request) : `${routedPath(request)}?${query}`,
    demo: context.dataset()?.meta.kind === 'demo',
    ...(q === undefined ? {} : { q }),
    ...extra,
  };
}

/** An error of a page's request, as a page in the reader's language with the status the API would answer. */
function errorPage(
  error: ApiError,
  request: FastifyRequest<PageRequest>,
  reply: FastifyReply,
  context: RouteContext,
): string {
  const language = languageOf(request);
  const heading = errorHeading(language, error);
  const body = errorBody(language, error, {
    now: context.clock(),
    route: request.routeOptions.url ?? '',
    maxPage: context.config.maxPage,
  });
  for (const [name, value] of Object.entries(error.headers)) void reply.header(name, value);
  void reply.status(error.status).type(HTML);
  return pageHtml(<ErrorPage frame={frameOf(request, context, heading)} heading={heading} body={body} />);
}

/** The list a search page shows alone, the companies or a record kind's, by its name; undefined for every list at once. */
function kindOf(request: FastifyRequest<PageRequest>): RecordKind | 'companies' | undefined {
  const { kind } = request.query;
  if (kind === undefined) return undefined;
  if (kind === 'companies') return kind;
  const found = RECORD_KINDS.find((k) => RECORD_LISTS[k] === kind);
  if (found === undefined)
    throw new ApiError('invalid_parameter', 'kind is not companies or a record list.', { parameter: 'kind' });
  return found;
}

/** The page of one kind's matches asked for: 1 when none is, and never past the API's page cap. */
function pageOf(request: FastifyRequest<PageRequest>, maxPage: number): number {
  const { page } = request.query;
  if (page === undefined) return 1;
  const n = typeof page === 'string' && /^\d{1,7}$/u.test(page) ? Number(page) : 0;
  if (n < 1 || n > maxPage) throw new ApiError('invalid_parameter', 'page is out of range.', { parameter: 'page' });
  return n;
}

function searchPage(request: FastifyRequest<PageRequest>, reply: FastifyReply, context: RouteContext): string {
  const q = typeof request.query.q === 'string' ? request.query.q.trim() : '';
  void reply.type(HTML);
  varyByLanguage(reply);
  if (q === '') return homeHtml(request, context);
  if (q.length > MAX_TEXT_LENGTH) throw new ApiError('invalid_parameter', 'q is too long.', { parameter: 'q' });
  const language = languageOf(request);
  const kind = kindOf(request);
  if (kind === 'companies') {
    const page = searchCompaniesResults(context, q, pageOf(request, context.config.maxPage));
    const title = message(language, 'kindResultsFor', { q, kind: message(language, 'companies') });
    return pageHtml(<CompaniesPageView frame={frameOf(request, context, title)} page={page} />);
  }
  if (kind !== undefined) {
    const page = searchKindResults(context, q, kind, pageOf(request, context.config.maxPage));
    const title = message(language, 'kindResultsFor', { q, kind: message(language, RECORD_LISTS[kind]) });
    return pageHtml(<KindPageView frame={frameOf(request, context, title)} page={page} />);
  }
  const results = searchResults(context, q, request.id);
  const frame = frameOf(request, context, message(language, 'resultsFor', { q }));
  return pageHtml(<SearchPage frame={frame} results={results} />);
}

export function pageRoutes(app: FastifyInstance, context: RouteContext): void {
  // every error of a page's request (a refusal of the limiter's included) is answered as a page
  const errorHandler = (error: unknown, request: FastifyRequest<PageRequest>, reply: FastifyReply) => {
    const apiError = apiErrorOf(error, request);
    noteErrorCode(request, apiError.code);
    if (apiError.status >= 500) request.log.error({ err: error }, 'page failed');
    return reply.send(errorPage(apiError, request, reply, context));
  };
  // counted and logged as the catalogue says of each page (routeAccounting)
  const options = (path: string) => ({ config: routeAccounting(documentAt(path)), errorHandler });

  app.get<PageRequest>(SEARCH_PAGE_PATH, options(SEARCH_PAGE_PATH), (request, reply) =>
    searchPage(request, reply, context),
  );

  app.get<PageRequest>(
    `${COMPANY_PAGE_PATH}/:corporate_number`,
    options(`${COMPANY_PAGE_PATH}/{corporate_number}`),
    (request, reply) => {
      const page = companyPage(context, request.params.corporate_number ?? '', request.id);
      const feed = `${SEARCH.path}?q=${page.company.corporate_number}&format=atom`;
      void reply.type(HTML);
      varyByLanguage(reply);
      return pageHtml(<CompanyPageView frame={frameOf(request, context, page.company.name, { feed })} page={page} />);
    },
  );

  app.get<PageRequest>(`${RECORD_PAGE_PATH}/:id`, options(`${RECORD_PAGE_PATH}/{id}`), (request, reply) => {
    const shown = recordPage(context, request.params.id ?? '');
    void reply.type(HTML);
    varyByLanguage(reply);
    return pageHtml(<RecordPageView frame={frameOf(request, context, shown.record.company.name)} shown={shown} />);
  });

  app.get<PageRequest>(COVERAGE_PAGE_PATH, options(COVERAGE_PAGE_PATH), (request, reply) => {
    const sources = sourcesPage(context);
    void reply.type(HTML);
    varyByLanguage(reply);
    const frame = frameOf(request, context, message(languageOf(request), 'coverageTitle'));
    return pageHtml(<CoveragePageView frame={frame} page={sources} />);
  });
}

/** The landing page for browsers: the search form, and the links for developers. */
export function homeHtml(request: FastifyRequest<PageRequest>, context: RouteContext): string {
  const frame = frameOf(request, context, message(languageOf(request), 'service'));
  const links = LANDING_LINKS.flatMap((link) =>
    link.title === undefined ? [] : [{ name: link.name, path: link.path, title: link.title, note: link.note ?? '' }],
  );
  return pageHtml(<HomePage frame={frame} links={links} contact={context.config.contact} />);
}
