// The pages for people: GET /search, /companies/{corporate_number}, /records/{id}, and the HTML of GET /. Each page
// is counted, refused and logged like the API request it stands for (`countedAs`), and its errors are pages too.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RouteContext } from '../../api/context.js';
import { ApiError } from '../../api/errors.js';
import { COMPANY_PAGE_PATH, RECORD_PAGE_PATH, SEARCH_PAGE_PATH } from '../../api/links.js';
import { SEARCH } from '../../api/endpoints/search.js';
import { LANDING_LINKS, documentAt, routeAccounting } from '../../api/catalogue.js';
import { MAX_TEXT_LENGTH } from '../../domain/record-filters.js';
import { pageLanguage, type Language } from '../pages/language.js';
import { message } from '../pages/messages.js';
import { japanTime } from '../../domain/dates.js';
import { companyPage, recordPage, searchResults } from '../pages/page-data.js';
import { CompanyPageView, ErrorPage, HomePage, RecordPageView, SearchPage, pageHtml } from '../pages/pages.js';
import type { PageFrame } from '../pages/layout.js';
import { apiErrorOf } from '../error-handler.js';
import { pathOf } from '../url-parts.js';

const HTML = 'text/html; charset=utf-8';

/** The parameters a page reads; anything else in its address is ignored, as a browser's extra parameters are. */
export interface PageRequest {
  Querystring: { readonly q?: unknown; readonly lang?: unknown };
  Params: { readonly corporate_number?: string; readonly id?: string };
}

function languageOf(request: FastifyRequest<PageRequest>): Language {
  return pageLanguage(request.query.lang, request.headers['accept-language']);
}

/** A page's language follows Accept-Language: a cache must keep each apart. */
function varyByLanguage(reply: FastifyReply): void {
  void reply.header('Vary', 'Accept-Language');
}

function frameOf(
  request: FastifyRequest<PageRequest>,
  context: RouteContext,
  title: string,
  extra: Partial<PageFrame> = {},
): PageFrame {
  const path = pathOf(request.url);
  const q = typeof request.query.q === 'string' ? request.query.q : undefined;
  const here = q === undefined ? path : `${path}?q=${encodeURIComponent(q)}`;
  return {
    language: languageOf(request),
    title,
    here,
    demo: context.dataset()?.meta.kind === 'demo',
    ...(q === undefined ? {} : { q }),
    ...extra,
  };
}

/** An error of a page's request, as a page in the reader's language with the status the API would answer. */
export function errorPage(
  error: ApiError,
  request: FastifyRequest<PageRequest>,
  reply: FastifyReply,
  context: RouteContext,
): string {
  const language = languageOf(request);
  const heading =
    error.status === 404
      ? message(language, 'notFoundTitle')
      : error.status === 429
        ? message(language, 'limitedTitle')
        : error.status < 500
          ? message(language, 'badRequestTitle')
          : message(language, 'errorTitle');
  const retry = error.details?.retry_after;
  const body =
    error.status === 429 && retry !== undefined
      ? message(language, 'limitedBody', { at: comeBackAt(context.clock(), retry), wait: waitOf(language, retry) })
      : error.message;
  for (const [name, value] of Object.entries(error.headers)) void reply.header(name, value);
  void reply.status(error.status).type(HTML);
  return pageHtml(<ErrorPage frame={frameOf(request, context, heading)} heading={heading} body={body} />);
}

/** When to come back, as a reader in Japan reads a clock. */
function comeBackAt(now: Date, seconds: number): string {
  return `${japanTime(now.getTime() + seconds * 1000)
    .slice(0, 16)
    .replace('T', ' ')} JST`;
}

function waitOf(language: Language, seconds: number): string {
  if (seconds < 120) return message(language, 'seconds', { n: seconds });
  if (seconds < 7200) return message(language, 'minutes', { n: Math.ceil(seconds / 60) });
  return message(language, 'hours', { n: Math.ceil(seconds / 3600) });
}

export function pageRoutes(app: FastifyInstance, context: RouteContext): void {
  // every error of a page's request (a refusal of the limiter's included) is answered as a page
  const errorHandler = (error: unknown, request: FastifyRequest<PageRequest>, reply: FastifyReply) => {
    const apiError = apiErrorOf(error, request);
    if (apiError.status >= 500) request.log.error({ err: error }, 'page failed');
    return reply.send(errorPage(apiError, request, reply, context));
  };
  // counted and logged as the catalogue says of each page (routeAccounting)
  const options = (path: string) => ({ config: routeAccounting(documentAt(path)), errorHandler });

  app.get<PageRequest>(SEARCH_PAGE_PATH, options(SEARCH_PAGE_PATH), (request, reply) => {
    const q = typeof request.query.q === 'string' ? request.query.q.trim() : '';
    void reply.type(HTML);
    varyByLanguage(reply);
    if (q === '') return homeHtml(request, context);
    if (q.length > MAX_TEXT_LENGTH) {
      throw new ApiError('invalid_parameter', message(languageOf(request), 'tooLong', { max: MAX_TEXT_LENGTH }));
    }
    const results = searchResults(context, q, request.id);
    const frame = frameOf(request, context, message(languageOf(request), 'resultsFor', { q }));
    return pageHtml(<SearchPage frame={frame} results={results} />);
  });

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
}

/** The landing page for browsers: the search form, and the links for developers. */
export function homeHtml(request: FastifyRequest<PageRequest>, context: RouteContext): string {
  const frame = frameOf(request, context, message(languageOf(request), 'service'));
  const links = LANDING_LINKS.flatMap((link) =>
    link.title === undefined ? [] : [{ path: link.path, title: link.title, note: link.note ?? '' }],
  );
  return pageHtml(<HomePage frame={frame} links={links} contact={context.config.contact} />);
}
